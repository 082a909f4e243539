import KioskCore
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
    /// How it fits what it is offered.
    public var fit: TextFit

    public init(runs: [Run], fit: TextFit = TextFit()) {
        self.runs = runs
        self.fit = fit
    }

    /// The same text with every colour faded by `opacity`.
    func faded(_ opacity: Double) -> StyledText {
        guard opacity < 1 else { return self }
        return StyledText(runs: runs.map { run in
            var copy = run
            copy.color = run.color.opacity(opacity)
            return copy
        }, fit: fit)
    }
}

/// Sets text: the UI layer measures with it during layout and draws with it when rendering.
/// KioskText provides the real one (FreeType and HarfBuzz).
public protocol TextEngine: AnyObject {
    /// The size of `text` set on one line, or wrapped to `maxWidth` when given, within
    /// `maxHeight` when given (lines that do not fit are cut, as its `fit` says).
    func measure(_ text: StyledText, maxWidth: Double?, maxHeight: Double?) -> Size
    /// Draws `text` in `rect` (a size `measure` returned), lines centred.
    func draw(_ text: StyledText, in rect: Rect, on canvas: Canvas)
    /// Whether text can be set in `family` (symbols need the icon font).
    func hasFamily(_ family: String) -> Bool
    /// The caches the engine keeps (`kiosk ctl stats`).
    var cacheUsage: [CacheUsage] { get }
}

extension TextEngine {
    /// The size of `text` on one line, or wrapped to `maxWidth`, at any height.
    public func measure(_ text: StyledText, maxWidth: Double?) -> Size { measure(text, maxWidth: maxWidth, maxHeight: nil) }

    /// An engine that knows no families by name sets everything in its one chain.
    public func hasFamily(_ family: String) -> Bool { false }

    /// An engine that keeps nothing.
    public var cacheUsage: [CacheUsage] { [] }
}
