extension KeyEvent.Key {
    /// True for the letter keys a to z.
    public var isLetter: Bool { rawValue.count == 1 }

    /// The character the key types on a US keyboard, shifted or not; nil for a key that
    /// types none (Tab, the arrows, shift).
    public func character(shifted: Bool) -> Character? {
        if isLetter { return Character(shifted ? rawValue.uppercased() : rawValue) }
        if let pair = Self.usLayout[self] { return shifted ? pair.shifted : pair.plain }
        return Self.keypad[self]
    }

    /// What the digit and punctuation keys type, unshifted and shifted.
    private static let usLayout: [KeyEvent.Key: (plain: Character, shifted: Character)] = [
        .digit1: ("1", "!"), .digit2: ("2", "@"), .digit3: ("3", "#"), .digit4: ("4", "$"), .digit5: ("5", "%"),
        .digit6: ("6", "^"), .digit7: ("7", "&"), .digit8: ("8", "*"), .digit9: ("9", "("), .digit0: ("0", ")"),
        .minus: ("-", "_"), .equal: ("=", "+"), .leftBrace: ("[", "{"), .rightBrace: ("]", "}"),
        .semicolon: (";", ":"), .apostrophe: ("'", "\""), .grave: ("`", "~"), .backslash: ("\\", "|"),
        .comma: (",", "<"), .dot: (".", ">"), .slash: ("/", "?"), .space: (" ", " "),
    ]

    /// The number block's keys, the same shifted or not.
    private static let keypad: [KeyEvent.Key: Character] = [
        .keypad0: "0", .keypad1: "1", .keypad2: "2", .keypad3: "3", .keypad4: "4", .keypad5: "5", .keypad6: "6",
        .keypad7: "7", .keypad8: "8", .keypad9: "9", .keypadDot: ".", .keypadPlus: "+", .keypadMinus: "-",
        .keypadAsterisk: "*", .keypadSlash: "/",
    ]
}
