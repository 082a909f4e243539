/// A text face and size. The named sizes follow SwiftUI's text styles at their default
/// (large) dynamic type size.
public struct Font: Hashable, Sendable {
    public enum Weight: Int, Hashable, Sendable, Comparable {
        case regular = 400, medium = 500, semibold = 600, bold = 700, heavy = 800

        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
    }

    public var size: Double
    public var weight: Weight
    public var isItalic: Bool
    /// A font family registered with the text engine (nil: the default chain).
    public var family: String?

    public init(size: Double, weight: Weight = .regular, italic: Bool = false) {
        self.size = size
        self.weight = weight
        self.isItalic = italic
    }

    public static func system(size: Double, weight: Weight = .regular) -> Font { Font(size: size, weight: weight) }

    public static let largeTitle = Font(size: 34)
    public static let title = Font(size: 28)
    public static let title2 = Font(size: 22)
    public static let title3 = Font(size: 20)
    public static let headline = Font(size: 17, weight: .semibold)
    public static let body = Font(size: 17)
    public static let callout = Font(size: 16)
    public static let subheadline = Font(size: 15)
    public static let footnote = Font(size: 13)
    public static let caption = Font(size: 12)
    public static let caption2 = Font(size: 11)

    public func weight(_ weight: Weight) -> Font {
        var copy = self
        copy.weight = weight
        return copy
    }

    public func bold() -> Font { weight(.bold) }

    public func italic() -> Font {
        var copy = self
        copy.isItalic = true
        return copy
    }
}
