/// An sRGB colour with straight (not premultiplied) alpha, each channel in 0...1.
public struct PixelColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// 8-bit channels, as colours are written in screen files.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255,
                  blue: Double(blue8) / 255, alpha: Double(alpha8) / 255)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; anything else is a `ColorParseError` naming the text.
    public init(hex text: String) throws(ColorParseError) {
        let digits = Array(text.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else {
            throw ColorParseError(text: text, reason: "expected #RRGGBB or #RRGGBBAA")
        }
        var bytes: [UInt8] = []
        var index = 1
        while index < digits.count {
            guard let high = PixelColor.hexValue(digits[index]), let low = PixelColor.hexValue(digits[index + 1]) else {
                throw ColorParseError(text: text, reason: "contains a character that is not a hex digit")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(red8: bytes[0], green8: bytes[1], blue8: bytes[2], alpha8: bytes.count == 4 ? bytes[3] : 255)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    public func opacity(_ factor: Double) -> PixelColor {
        PixelColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// The colour moved towards black by `fraction` (0.15 darkens by 15%), alpha kept.
    public func darkened(by fraction: Double) -> PixelColor {
        let k = 1 - fraction
        return PixelColor(red: red * k, green: green * k, blue: blue * k, alpha: alpha)
    }

    /// Premultiplied 8-bit ARGB packed as 0xAARRGGBB: the layout pixman's a8r8g8b8 uses.
    public var premultipliedARGB: UInt32 {
        let a = PixelColor.byte(alpha)
        let r = PixelColor.byte(red * alpha), g = PixelColor.byte(green * alpha), b = PixelColor.byte(blue * alpha)
        return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    static func byte(_ value: Double) -> UInt8 {
        UInt8((min(max(value, 0), 1) * 255).rounded())
    }

    public static let black = PixelColor(red: 0, green: 0, blue: 0)
    public static let white = PixelColor(red: 1, green: 1, blue: 1)
    public static let clear = PixelColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// The system accent (iOS blue) and the destructive role's system red.
    public static let accent = PixelColor(red8: 0x00, green8: 0x7A, blue8: 0xFF)
    public static let systemRed = PixelColor(red8: 0xFF, green8: 0x3B, blue8: 0x30)
}

public struct ColorParseError: Error, Equatable, CustomStringConvertible {
    public let text: String
    public let reason: String

    public var description: String { "invalid colour \"\(text)\": \(reason)" }
}
