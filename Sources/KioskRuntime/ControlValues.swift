import Observation
import KioskUI

/// The values of a screen file's controls (toggles, sliders, steppers, pickers, text
/// fields, progress views), by id. The controls read and write them while the host
/// resolves them, so the control socket's `set` redraws just as a touch does; `set`
/// checks the value against the control first and changes nothing when it does not fit.
@Observable
public final class ControlValues {
    public private(set) var values: [String: UIEvent.Value] = [:]
    @ObservationIgnored private var specs: [String: ScreenFile.ControlSpec] = [:]

    public init() {}

    /// Takes `file`'s controls at their initial values (a value set already is kept).
    func register(_ file: ScreenFile) {
        for control in file.screens.flatMap(\.controls) {
            specs[control.id] = control
            if values[control.id] == nil, let initial = control.initial { values[control.id] = initial }
        }
    }

    public subscript(id: String) -> UIEvent.Value? { values[id] }

    /// A control's change by a touch: its view keeps it in range.
    func update(_ id: String, to value: UIEvent.Value) {
        if values[id] != value { values[id] = value }
    }

    /// The control socket's `set`: the value as stored (snapped to the control's step).
    public func set(_ id: String, to value: UIEvent.Value) throws(ControlError) -> UIEvent.Value {
        let control = try spec(id)
        guard let accepted = control.accepted(value) else {
            throw ControlError("\(EventLog.quoted(id)) takes \(control.valueDescription), got \(EventLog.json(value))")
        }
        update(id, to: accepted)
        return accepted
    }

    /// The control socket's `get`: the reply's fields. A secure field tells its length only.
    public func get(_ id: String) throws(ControlError) -> [(String, ControlValue)] {
        let control = try spec(id)
        let value = values[id]
        if case .textField(_, _, true) = control.kind, case .text(let text)? = value {
            return [("control", .string(id)), ("length", .int(text.count))]
        }
        return [("control", .string(id)), ("value", value.map { .json(EventLog.json($0)) } ?? .json("null"))]
    }

    private func spec(_ id: String) throws(ControlError) -> ScreenFile.ControlSpec {
        guard let control = specs[id] else {
            let known = specs.keys.sorted()
            throw ControlError("unknown control \(EventLog.quoted(id)) (controls: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
        }
        return control
    }
}
