/// Where text that does not fit is cut, SwiftUI's `Text.TruncationMode`: the ellipsis at
/// the line's end, its start, or in its middle.
public enum TruncationMode: Hashable, Sendable {
    case head, middle, tail
}

/// How text fits its box, SwiftUI's way: at most `lineLimit` lines (nil: as many as it
/// takes), the last line shown cut with "…" by `truncation` when text is left over; before
/// anything is cut, the text may shrink down to `minimumScaleFactor` of its size.
public struct TextFitting: Hashable, Sendable {
    public var lineLimit: Int?
    public var truncation: TruncationMode
    public var minimumScaleFactor: Double

    public init(lineLimit: Int? = nil, truncation: TruncationMode = .tail, minimumScaleFactor: Double = 1) {
        self.lineLimit = lineLimit
        self.truncation = truncation
        self.minimumScaleFactor = min(max(minimumScaleFactor.isFinite ? minimumScaleFactor : 1, 0.01), 1)
    }

    /// Wrap to the width, every line shown.
    public static let wrap = TextFitting()
}
