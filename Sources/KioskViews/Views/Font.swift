/// A text face and size. The named fonts are SwiftUI's text styles: their size is the
/// style's at the default (large) Dynamic Type size and follows the environment's
/// `dynamicTypeSize` when drawn; `system(size:)` is a fixed size, as in SwiftUI.
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
    /// The text style whose Dynamic Type growth `size` follows (nil: a fixed size).
    public var textStyle: TextStyle?

    /// A fixed size, or one that grows as `textStyle` does.
    public init(size: Double, weight: Weight = .regular, italic: Bool = false, relativeTo textStyle: TextStyle? = nil) {
        self.size = size
        self.weight = weight
        self.isItalic = italic
        self.textStyle = textStyle
    }

    /// A fixed size: it does not follow the Dynamic Type size.
    public static func system(size: Double, weight: Weight = .regular) -> Font { Font(size: size, weight: weight) }

    public static let largeTitle = TextStyle.largeTitle.font
    public static let title = TextStyle.title.font
    public static let title2 = TextStyle.title2.font
    public static let title3 = TextStyle.title3.font
    public static let headline = TextStyle.headline.font
    public static let body = TextStyle.body.font
    public static let callout = TextStyle.callout.font
    public static let subheadline = TextStyle.subheadline.font
    public static let footnote = TextStyle.footnote.font
    public static let caption = TextStyle.caption.font
    public static let caption2 = TextStyle.caption2.font

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
