extension Font {
    /// SwiftUI's text styles: a font by its role. Its size follows the Dynamic Type size.
    public enum TextStyle: Hashable, CaseIterable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// Apple's point sizes for this style at each Dynamic Type size (the iOS Human
        /// Interface Guidelines' Dynamic Type tables, xSmall through accessibility5).
        private var pointSizes: [Double] {
            switch self {
            case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
            }
        }

        /// The style's size in points at `size`.
        public func pointSize(at size: DynamicTypeSize) -> Double { pointSizes[size.index] }

        /// The style's font at the default size: regular, headline semibold.
        var font: Font {
            Font(size: pointSize(at: .large), weight: self == .headline ? .semibold : .regular, relativeTo: self)
        }
    }

    /// The font of text style `style`, scaled with the Dynamic Type size.
    public static func system(_ style: TextStyle, weight: Weight? = nil) -> Font {
        var font = style.font
        if let weight { font.weight = weight }
        return font
    }

    /// The registered family `name` at `size` points, scaled as `textStyle` is scaled
    /// (UIFontMetrics' proportion: `size` times the style's growth from `large`).
    public static func custom(_ name: String, size: Double, relativeTo textStyle: TextStyle) -> Font {
        var font = Font(size: size, relativeTo: textStyle)
        font.family = name
        return font
    }

    /// The registered family `name` at `size` points, scaled as body text is scaled.
    public static func custom(_ name: String, size: Double) -> Font { custom(name, size: size, relativeTo: .body) }

    /// The registered family `name` at `fixedSize` points whatever the Dynamic Type size.
    public static func custom(_ name: String, fixedSize: Double) -> Font {
        var font = Font(size: fixedSize)
        font.family = name
        return font
    }

    /// The font at `dynamicTypeSize`: a size that follows a text style grows or shrinks as
    /// that style does; a fixed size stays. The result is fixed, so scaling it again keeps it.
    func scaled(to dynamicTypeSize: DynamicTypeSize) -> Font {
        guard let textStyle else { return self }
        var font = self
        font.size = size * textStyle.pointSize(at: dynamicTypeSize) / textStyle.pointSize(at: .large)
        font.textStyle = nil
        return font
    }
}
