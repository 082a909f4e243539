import KioskViews

/// The JSON-lines event log of DESIGN.md: one object per UI event, keys in the order
/// `t_ms`, `button`, `event`, `cause`, `direction`, `screen`, `control`, `value`, `text`,
/// `length`.
public enum EventLog {
    /// The log line for `event`, without a newline.
    public static func line(for event: UIEvent) -> String {
        var fields: [(String, String)] = [("t_ms", milliseconds(event.time))]
        switch event.kind {
        case .pressed(let button):
            fields += [("button", quoted(button)), ("event", quoted("pressed"))]
        case .released(let button):
            fields += [("button", quoted(button)), ("event", quoted("released"))]
        case .triggered(let button, let cause):
            fields += [("button", quoted(button)), ("event", quoted("triggered")), ("cause", quoted(cause.rawValue))]
        case .cancelled(let button):
            fields += [("button", quoted(button)), ("event", quoted("cancelled"))]
        case .swipe(let direction):
            fields += [("event", quoted("swipe")), ("direction", quoted(direction.rawValue))]
        case .screen(let screen):
            fields += [("event", quoted("screen")), ("screen", quoted(screen))]
        case .speak(let text):
            fields += [("event", quoted("speak")), ("text", quoted(text))]
        case .value(let control, let value):
            fields += [("event", quoted("value")), ("control", quoted(control)), ("value", json(value))]
        case .submit(let control, let text, let length):
            fields += [("event", quoted("submit")), ("control", quoted(control))]
            // A secure field's text stays on the kiosk: only its length is logged.
            fields += text.map { [("text", quoted($0))] } ?? [("length", String(length))]
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// `{"t_ms":…,"event":"reload"}`: a watched screen file was read again and is shown;
    /// with `"error"`, it could not be, and the last good one stays.
    public static func reloadLine(at time: Microseconds, error: String?) -> String {
        "{\"t_ms\":\(milliseconds(time)),\"event\":\"reload\"" + (error.map { ",\"error\":" + quoted($0) } ?? "") + "}"
    }

    /// A control's value as JSON: `true`, `0.4`, `2`, `"Large"`.
    public static func json(_ value: UIEvent.Value) -> String {
        if case .text(let text) = value { return quoted(text) }
        return value.description
    }

    /// Whole milliseconds as an integer, anything finer with three decimals.
    public static func milliseconds(_ time: Microseconds) -> String {
        if time % 1000 == 0 { return String(time / 1000) }
        let sign = time < 0 ? "-" : ""
        let magnitude = time.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// A JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
