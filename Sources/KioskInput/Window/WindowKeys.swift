import CSDL2
import KioskCore

/// A desktop keyboard's keys as the kiosk knows them: SDL's scancodes (USB HID usages, by
/// position, whatever the layout) to the Linux input event codes libinput reports.
enum WindowKeys {
    static func code(of scancode: SDL_Scancode) -> UInt32? {
        keys[scancode.rawValue]?.code
    }

    private static let keys: [UInt32: KeyEvent.Key] = {
        let named: [(SDL_Scancode, KeyEvent.Key)] = [
            (SDL_SCANCODE_TAB, .tab), (SDL_SCANCODE_RETURN, .enter), (SDL_SCANCODE_KP_ENTER, .keypadEnter),
            (SDL_SCANCODE_SPACE, .space), (SDL_SCANCODE_ESCAPE, .escape), (SDL_SCANCODE_UP, .up),
            (SDL_SCANCODE_DOWN, .down), (SDL_SCANCODE_LEFT, .left), (SDL_SCANCODE_RIGHT, .right),
            (SDL_SCANCODE_LSHIFT, .leftShift), (SDL_SCANCODE_RSHIFT, .rightShift),
            (SDL_SCANCODE_BACKSPACE, .backspace), (SDL_SCANCODE_CAPSLOCK, .capsLock), (SDL_SCANCODE_0, .digit0),
            (SDL_SCANCODE_MINUS, .minus), (SDL_SCANCODE_EQUALS, .equal), (SDL_SCANCODE_LEFTBRACKET, .leftBrace),
            (SDL_SCANCODE_RIGHTBRACKET, .rightBrace), (SDL_SCANCODE_SEMICOLON, .semicolon),
            (SDL_SCANCODE_APOSTROPHE, .apostrophe), (SDL_SCANCODE_GRAVE, .grave),
            (SDL_SCANCODE_BACKSLASH, .backslash), (SDL_SCANCODE_COMMA, .comma), (SDL_SCANCODE_PERIOD, .dot),
            (SDL_SCANCODE_SLASH, .slash), (SDL_SCANCODE_KP_0, .keypad0), (SDL_SCANCODE_KP_PERIOD, .keypadDot),
            (SDL_SCANCODE_KP_PLUS, .keypadPlus), (SDL_SCANCODE_KP_MINUS, .keypadMinus),
            (SDL_SCANCODE_KP_MULTIPLY, .keypadAsterisk), (SDL_SCANCODE_KP_DIVIDE, .keypadSlash),
        ]
        // Letters, digits 1-9 and keypad 1-9 are consecutive scancodes.
        let letters: [KeyEvent.Key] = [.a, .b, .c, .d, .e, .f, .g, .h, .i, .j, .k, .l, .m, .n, .o, .p, .q, .r, .s,
                                       .t, .u, .v, .w, .x, .y, .z]
        let digits: [KeyEvent.Key] = [.digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9]
        let keypad: [KeyEvent.Key] = [.keypad1, .keypad2, .keypad3, .keypad4, .keypad5, .keypad6, .keypad7, .keypad8,
                                      .keypad9]
        var byCode = Dictionary(uniqueKeysWithValues: named.map { ($0.0.rawValue, $0.1) })
        for (first, run) in [(SDL_SCANCODE_A, letters), (SDL_SCANCODE_1, digits), (SDL_SCANCODE_KP_1, keypad)] {
            for (i, key) in run.enumerated() { byCode[first.rawValue + UInt32(i)] = key }
        }
        return byCode
    }()
}
