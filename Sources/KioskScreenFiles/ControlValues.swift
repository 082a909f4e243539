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

    /// Takes `file`'s controls, and only those, at their initial values. A value set already
    /// is kept where the control still takes it (a reloaded file's control of the same id
    /// and kind); the values of controls the file no longer has are dropped.
    func register(_ file: ScreenFile) {
        let controls = file.screens.flatMap(\.controls)
        specs = Dictionary(controls.map { ($0.id, $0) }) { $1 }
        for id in values.keys where specs[id] == nil { values[id] = nil }
        for control in controls {
            let value = values[control.id].flatMap(control.accepted) ?? control.initial
            if values[control.id] != value { values[control.id] = value }
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
