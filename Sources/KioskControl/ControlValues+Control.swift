import KioskScreenFiles
import KioskViews

extension ControlValues {
    /// The control socket's `set`: the value as stored (snapped to the control's step); a
    /// value that does not fit the control changes nothing.
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
        let value = self[id]
        if case .textField(_, _, true) = control.kind, case .text(let text)? = value {
            return [("control", .string(id)), ("length", .int(text.count))]
        }
        return [("control", .string(id)), ("value", value.map { .json(EventLog.json($0)) } ?? .json("null"))]
    }

    private func spec(_ id: String) throws(ControlError) -> ScreenFile.ControlSpec {
        guard let control = control(id) else {
            let known = controlIDs
            throw ControlError("unknown control \(EventLog.quoted(id)) (controls: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
        }
        return control
    }
}
