import Observation
import KioskViews

/// The values of a screen file's controls (toggles, sliders, steppers, pickers, text
/// fields, progress views), by id. The controls read and write them while the host
/// resolves them, so the control socket's `set` redraws just as a touch does.
@Observable
public final class ControlValues {
    public private(set) var values: [String: UIEvent.Value] = [:]
    @ObservationIgnored private var specs: [String: ScreenFile.ControlSpec] = [:]

    public init() {}

    /// Takes `file`'s controls at their initial values. A value set already is kept where the
    /// control still takes it (a reloaded file's control of the same id and kind).
    func register(_ file: ScreenFile) {
        for control in file.screens.flatMap(\.controls) {
            specs[control.id] = control
            let kept = values[control.id].flatMap(control.accepted)
            if values[control.id] != kept ?? control.initial { values[control.id] = kept ?? control.initial }
        }
    }

    public subscript(id: String) -> UIEvent.Value? { values[id] }

    /// The control with this id, nil when the files have none.
    public func control(_ id: String) -> ScreenFile.ControlSpec? { specs[id] }

    /// The ids of every control, sorted.
    public var controlIDs: [String] { specs.keys.sorted() }

    /// A control's new value: a touch's (its view keeps it in range) or one the control
    /// checked with `accepted`.
    public func update(_ id: String, to value: UIEvent.Value) {
        if values[id] != value { values[id] = value }
    }
}
