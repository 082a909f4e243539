import KioskGraphics

/// How the lines of a multi-line text line up, SwiftUI's `TextAlignment`: `leading` is
/// the side the text's paragraph starts on.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

extension Text {
    /// Where a text that does not fit is cut with "…", SwiftUI's `Text.TruncationMode`.
    public enum TruncationMode: Hashable, Sendable {
        case head, tail, middle
    }
}

/// How a text fits what it is offered: SwiftUI's line limit, truncation, minimum scale
/// factor and multi-line alignment, as the environment sets them.
public struct TextFit: Hashable, Sendable {
    public var lineLimit: Int?
    public var truncationMode: Text.TruncationMode = .tail
    public var minimumScaleFactor: Double = 1
    public var alignment: TextAlignment = .leading
    /// Whose start `leading` is: the layout direction the text is in.
    public var layoutDirection: LayoutDirection = .leftToRight

    public init(lineLimit: Int? = nil, truncationMode: Text.TruncationMode = .tail, minimumScaleFactor: Double = 1,
                alignment: TextAlignment = .leading, layoutDirection: LayoutDirection = .leftToRight) {
        self.lineLimit = lineLimit
        self.truncationMode = truncationMode
        self.minimumScaleFactor = minimumScaleFactor
        self.alignment = alignment
        self.layoutDirection = layoutDirection
    }
}

extension EnvironmentValues {
    /// The text fit with the layout direction its alignment is read in.
    var resolvedTextFit: TextFit {
        var fit = textFit
        fit.layoutDirection = layoutDirection
        return fit
    }
}

extension View {
    /// At most `number` lines (nil: as many as it takes); the last one shown ends in "…".
    public func lineLimit(_ number: Int?) -> some View { environment(\.textFit.lineLimit, number.map { max($0, 1) }) }

    /// Where text that does not fit is cut.
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { environment(\.textFit.truncationMode, mode) }

    /// How far text may shrink to fit before it is cut (0.01–1).
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        environment(\.textFit.minimumScaleFactor, min(max(factor.isFinite ? Double(factor) : 1, 0.01), 1))
    }

    /// How the lines of multi-line text line up.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environment(\.textFit.alignment, alignment)
    }
}
