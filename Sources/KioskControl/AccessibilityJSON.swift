import KioskViews

extension AccessibilityElement {
    /// The element as the control socket's tree lists it, keys in a fixed order:
    /// `{"id":"start","label":"Start","value":"","hint":"","traits":["button"],"frame":{"x":0,"y":0,"width":200,"height":80}}`.
    public var json: String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        let traitList = traits.nameList.map(EventLog.quoted).joined(separator: ",")
        return "{\"id\":\(EventLog.quoted(id)),\"label\":\(EventLog.quoted(label)),\"value\":\(EventLog.quoted(value)),"
            + "\"hint\":\(EventLog.quoted(hint)),\"traits\":[\(traitList)],\"frame\":{\"x\":\(number(frame.minX)),"
            + "\"y\":\(number(frame.minY)),\"width\":\(number(frame.width)),\"height\":\(number(frame.height))}}"
    }
}
