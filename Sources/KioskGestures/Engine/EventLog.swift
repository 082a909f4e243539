extension GestureOutput {
    /// The output as a line of DESIGN.md's event log (JSON, keys in the documented order):
    /// `{"t_ms":600,"button":"start","event":"triggered","cause":"tap"}` for button events and
    /// `{"t_ms":2100,"event":"swipe","direction":"left"}` for a finished swipe on the screen.
    /// Other gesture updates have no line in that format and give nil.
    public var eventLogLine: String? {
        let time = "\"t_ms\":\(Self.milliseconds(time))"
        let button = target.map { ",\"button\":\(Self.quoted($0))" } ?? ""
        switch event {
        case .pressed: return "{\(time)\(button),\"event\":\"pressed\"}"
        case .released: return "{\(time)\(button),\"event\":\"released\"}"
        case .cancelled: return "{\(time)\(button),\"event\":\"cancelled\"}"
        case .triggered(let cause): return "{\(time)\(button),\"event\":\"triggered\",\"cause\":\"\(cause.rawValue)\"}"
        case .gesture(_, .ended(let value)):
            guard target == nil, let direction = value.value(as: SwipeDirection.self) else { return nil }
            return "{\(time),\"event\":\"swipe\",\"direction\":\"\(direction.rawValue)\"}"
        case .gesture:
            return nil
        }
    }

    static func milliseconds(_ time: Microseconds) -> String {
        time % 1000 == 0 ? "\(time / 1000)" : "\(Double(time) / 1000)"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
