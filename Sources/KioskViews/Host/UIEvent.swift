import KioskGestures

/// Something the UI did, one per event-log line (DESIGN.md): a button pressed, released,
/// triggered or cancelled, a swipe on the screen, a switch of screen, what the screen reader said,
/// a control's new value and a text field's submitted text (reported by the views through
/// `Navigator.log`).
public struct UIEvent: Hashable, Sendable, CustomStringConvertible {
    /// A control's value: a toggle's, a slider's or stepper's, a picker's or a field's.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        case bool(Bool)
        case number(Double)
        case text(String)

        /// `true`, `0.4`, `2` (a whole number without a fraction), or the text itself.
        public var description: String {
            switch self {
            case .bool(let b): b ? "true" : "false"
            case .number(let n): Self.format(n)
            case .text(let t): t
            }
        }

        /// The shortest form that reads back as `n`, without the rounding noise of steps.
        public static func format(_ n: Double) -> String {
            guard n.isFinite else { return "null" }
            let rounded = (n * 1e9).rounded() / 1e9
            if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
            return String(rounded)
        }
    }

    public enum Kind: Hashable, Sendable {
        case pressed(button: String)
        case released(button: String)
        case triggered(button: String, cause: TriggerCause)
        case cancelled(button: String)
        case swipe(SwipeDirection)
        case screen(String)
        case speak(String)
        /// A control changed by a touch (or the screen reader): its id and new value.
        case value(control: String, value: Value)
        /// A text field's text submitted; a secure field's reports only its length.
        case submit(control: String, text: String?, length: Int)
    }

    public var time: Microseconds
    public var kind: Kind

    public init(time: Microseconds, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// `"600 start triggered tap"`: compact, for tests.
    public var description: String {
        let ms = time % 1000 == 0 ? "\(time / 1000)" : "\(Double(time) / 1000)"
        switch kind {
        case .pressed(let b): return "\(ms) \(b) pressed"
        case .released(let b): return "\(ms) \(b) released"
        case .triggered(let b, let cause): return "\(ms) \(b) triggered \(cause.rawValue)"
        case .cancelled(let b): return "\(ms) \(b) cancelled"
        case .swipe(let d): return "\(ms) swipe \(d.rawValue)"
        case .screen(let s): return "\(ms) screen \(s)"
        case .speak(let text): return "\(ms) speak \(text)"
        case .value(let control, let value): return "\(ms) \(control) value \(value)"
        case .submit(let control, let text, let length): return "\(ms) \(control) submit \(text ?? "(\(length) characters)")"
        }
    }
}
