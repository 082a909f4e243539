/// A key pressed or released on a keyboard or keypad (libinput's keyboard events), by its
/// Linux input event code, so any keypad works without a keymap.
public struct KeyEvent: Hashable, Sendable {
    /// The key's code in linux/input-event-codes.h (`KEY_TAB` is 15).
    public var code: UInt32
    public var isPressed: Bool
    public var timestamp: Microseconds

    public init(code: UInt32, isPressed: Bool, timestamp: Microseconds) {
        self.code = code
        self.isPressed = isPressed
        self.timestamp = timestamp
    }

    public init(_ key: Key, isPressed: Bool, timestamp: Microseconds) {
        self.init(code: key.code, isPressed: isPressed, timestamp: timestamp)
    }

    /// The keys a kiosk's navigation understands; nil for any other.
    public var key: Key? { Key(code: code) }

    /// Navigation keys, with their input event codes.
    public enum Key: String, Hashable, Sendable, CaseIterable {
        case tab, enter, keypadEnter, space, escape, up, down, left, right, leftShift, rightShift

        public var code: UInt32 {
            switch self {
            case .escape: 1
            case .tab: 15
            case .enter: 28
            case .leftShift: 42
            case .space: 57
            case .rightShift: 54
            case .keypadEnter: 96
            case .up: 103
            case .left: 105
            case .right: 106
            case .down: 108
            }
        }

        public init?(code: UInt32) {
            guard let key = Self.allCases.first(where: { $0.code == code }) else { return nil }
            self = key
        }
    }
}
