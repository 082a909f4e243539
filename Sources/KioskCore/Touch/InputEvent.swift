/// One thing an input device (or a touch script) delivers: a frame of touches or a key of
/// a keyboard or keypad, in the order they happened.
public enum InputEvent: Hashable, Sendable {
    case touch(TouchFrame)
    case key(KeyEvent)

    /// When it happened, µs on the input clock.
    public var timestamp: Microseconds {
        switch self {
        case .touch(let frame): frame.timestamp
        case .key(let key): key.timestamp
        }
    }

    /// The touch frame, when it is one.
    public var frame: TouchFrame? {
        if case .touch(let frame) = self { frame } else { nil }
    }

    /// The key, when it is one.
    public var key: KeyEvent? {
        if case .key(let key) = self { key } else { nil }
    }

    /// The same event `offset` µs later (a script's times moved onto a real clock).
    public func delayed(by offset: Microseconds) -> InputEvent {
        switch self {
        case .touch(var frame):
            frame.timestamp += offset
            for index in frame.events.indices { frame.events[index].timestamp += offset }
            return .touch(frame)
        case .key(var key):
            key.timestamp += offset
            return .key(key)
        }
    }
}
