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

    /// The key by name; nil for one a kiosk neither navigates nor types with.
    public var key: Key? { Key(code: code) }

    /// Navigation keys and the typing keys of a US keyboard, with their input event codes.
    public enum Key: String, Hashable, Sendable, CaseIterable {
        case tab, enter, keypadEnter, space, escape, up, down, left, right, leftShift, rightShift
        case backspace, capsLock
        case a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z
        case digit0, digit1, digit2, digit3, digit4, digit5, digit6, digit7, digit8, digit9
        case minus, equal, leftBrace, rightBrace, semicolon, apostrophe, grave, backslash, comma, dot, slash
        case keypad0, keypad1, keypad2, keypad3, keypad4, keypad5, keypad6, keypad7, keypad8, keypad9
        case keypadDot, keypadPlus, keypadMinus, keypadAsterisk, keypadSlash

        public var code: UInt32 { Self.codes[self]! }

        private static let codes: [Key: UInt32] = {
            var codes: [Key: UInt32] = [
                .escape: 1, .minus: 12, .equal: 13, .backspace: 14, .tab: 15, .leftBrace: 26, .rightBrace: 27, .enter: 28,
                .semicolon: 39, .apostrophe: 40, .grave: 41, .leftShift: 42, .backslash: 43, .comma: 51, .dot: 52,
                .slash: 53, .rightShift: 54, .keypadAsterisk: 55, .space: 57, .capsLock: 58, .keypadMinus: 74,
                .keypadPlus: 78, .keypadDot: 83, .keypadEnter: 96, .keypadSlash: 98, .up: 103, .left: 105, .right: 106,
                .down: 108,
                .digit0: 11, .keypad0: 82, .keypad1: 79, .keypad2: 80, .keypad3: 81, .keypad4: 75, .keypad5: 76,
                .keypad6: 77, .keypad7: 71, .keypad8: 72, .keypad9: 73,
            ]
            let digits: [Key] = [.digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9]
            for (i, key) in digits.enumerated() { codes[key] = UInt32(2 + i) }
            // The letter rows, in evdev's order (KEY_Q is 16, KEY_A 30, KEY_Z 44).
            for (row, start) in [("qwertyuiop", 16), ("asdfghjkl", 30), ("zxcvbnm", 44)] as [(String, UInt32)] {
                for (i, letter) in row.enumerated() { codes[Key(rawValue: String(letter))!] = start + UInt32(i) }
            }
            return codes
        }()

        private static let byCode: [UInt32: Key] = Dictionary(uniqueKeysWithValues: codes.map { ($1, $0) })

        public init?(code: UInt32) {
            guard let key = Self.byCode[code] else { return nil }
            self = key
        }
    }
}
