import KioskGraphics

public enum FontWeight: Hashable, Sendable {
    case regular, bold
}

/// How a run of text looks. `family` nil is the library's first family; characters it
/// lacks come from the fallback chain either way.
public struct TextStyle: Hashable, Sendable {
    public var family: String?
    public var size: Double
    public var weight: FontWeight
    public var italic: Bool
    public var color: PixelColor
    public var underline: Bool
    public var strikethrough: Bool

    public init(family: String? = nil, size: Double = 17, weight: FontWeight = .regular, italic: Bool = false,
                color: PixelColor = .black, underline: Bool = false, strikethrough: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.color = color
        self.underline = underline
        self.strikethrough = strikethrough
    }
}

/// Text made of runs, each with its own style, composed like SwiftUI's
/// `Text("Please ").italic() + Text("NOW!").bold().underline()`. Modifiers apply to every
/// run, so `(a + b).bold()` makes both bold.
public struct RichText: Hashable, Sendable, ExpressibleByStringLiteral {
    public struct Run: Hashable, Sendable {
        public var string: String
        public var style: TextStyle

        public init(_ string: String, style: TextStyle = TextStyle()) {
            self.string = string
            self.style = style
        }
    }

    public var runs: [Run]

    public init(runs: [Run]) { self.runs = runs }

    public init(_ string: String, style: TextStyle = TextStyle()) {
        runs = [Run(string, style: style)]
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Text from bytes that must be UTF-8; anything else is an error naming the first bad byte.
    public init(utf8 bytes: [UInt8], style: TextStyle = TextStyle()) throws(TextError) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += String(scalar).utf8.count
            case .emptyInput:
                self.init(String(scalars), style: style)
                return
            case .error:
                throw .invalidUTF8(byteOffset: offset)
            }
        }
    }

    /// All the characters, runs joined.
    public var string: String { runs.map(\.string).joined() }

    public static func + (lhs: RichText, rhs: RichText) -> RichText { RichText(runs: lhs.runs + rhs.runs) }

    /// A copy with `change` applied to every run's style.
    public func styled(_ change: (inout TextStyle) -> Void) -> RichText {
        RichText(runs: runs.map { run in
            var copy = run
            change(&copy.style)
            return copy
        })
    }

    public func bold() -> RichText { styled { $0.weight = .bold } }
    public func italic() -> RichText { styled { $0.italic = true } }
    public func underline(_ on: Bool = true) -> RichText { styled { $0.underline = on } }
    public func strikethrough(_ on: Bool = true) -> RichText { styled { $0.strikethrough = on } }
    public func size(_ size: Double) -> RichText { styled { $0.size = size } }
    public func color(_ color: PixelColor) -> RichText { styled { $0.color = color } }
    public func family(_ family: String) -> RichText { styled { $0.family = family } }
}
