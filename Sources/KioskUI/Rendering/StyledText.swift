import KioskGraphics

/// Text with every attribute settled: what a `TextEngine` measures and draws.
public struct StyledText: Hashable, Sendable {
    public struct Run: Hashable, Sendable {
        public var string: String
        public var font: Font
        public var color: PixelColor
        public var isUnderlined: Bool
        public var isStrikethrough: Bool

        public init(string: String, font: Font, color: PixelColor, isUnderlined: Bool = false, isStrikethrough: Bool = false) {
            self.string = string
            self.font = font
            self.color = color
            self.isUnderlined = isUnderlined
            self.isStrikethrough = isStrikethrough
        }
    }

    public var runs: [Run]

    public init(runs: [Run]) { self.runs = runs }

    /// The same text with every colour faded by `opacity`.
    func faded(_ opacity: Double) -> StyledText {
        guard opacity < 1 else { return self }
        return StyledText(runs: runs.map { run in
            var copy = run
            copy.color = run.color.opacity(opacity)
            return copy
        })
    }
}

/// Sets text: the UI layer measures with it during layout and draws with it when rendering.
/// KioskText provides the real one (FreeType and HarfBuzz).
public protocol TextEngine: AnyObject {
    /// The size of `text` set on one line, or wrapped to `maxWidth` when given.
    func measure(_ text: StyledText, maxWidth: Double?) -> Size
    /// Draws `text` in `rect` (a size `measure` returned), lines centred.
    func draw(_ text: StyledText, in rect: Rect, on canvas: Canvas)
    /// Whether text can be set in `family` (symbols need the icon font).
    func hasFamily(_ family: String) -> Bool
}

extension TextEngine {
    /// An engine that knows no families by name sets everything in its one chain.
    public func hasFamily(_ family: String) -> Bool { false }
}
