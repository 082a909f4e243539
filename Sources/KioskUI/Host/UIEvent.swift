import KioskGestures

/// Something the UI did, one per event-log line (DESIGN.md): a button pressed, released,
/// triggered or cancelled, a swipe on the screen, a switch of screen, what the screen reader said.
public struct UIEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case pressed(button: String)
        case released(button: String)
        case triggered(button: String, cause: TriggerCause)
        case cancelled(button: String)
        case swipe(SwipeDirection)
        case screen(String)
        case speak(String)
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
        }
    }
}
