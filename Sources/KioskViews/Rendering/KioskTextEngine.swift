import KioskCore
import KioskGraphics
import KioskText
import Synchronization

/// The `TextEngine` the UI sets text with: each `StyledText` becomes KioskText's rich
/// text (HarfBuzz shaping, bidi, fallback to the Thai and CJK faces, glyph cache), wrapped
/// to the width layout offers and fitted as its `fit` says. Layouts are kept for the strings the
/// screen shows, so measuring during layout and drawing each frame shape them once.
public final class KioskTextEngine: TextEngine, Sendable {
    public let library: FontLibrary

    private struct Key: Hashable {
        var text: StyledText
        var maxWidth: Double?
        var maxHeight: Double?
    }

    /// Enough for every label of a few screens; cleared when full.
    private static let layoutLimit = 2048
    private let layouts = Mutex<[Key: TextLayout]>([:])

    public init(library: FontLibrary) {
        self.library = library
    }

    /// An engine over the bundled fonts, found as `FontLocator` describes.
    public convenience init() throws(TextError) {
        self.init(library: try FontLibrary())
    }

    /// The rich text KioskText sets for `text`. Weights from semibold up are the bold face;
    /// a size KioskText refuses (0, negative, huge) is clamped to one it takes.
    public static func richText(_ text: StyledText) -> RichText {
        RichText(runs: text.runs.map { run in
            let size = run.font.size.isFinite ? min(max(run.font.size, 1), FontLibrary.maximumSize) : Font.body.size
            return RichText.Run(run.string, style: TextStyle(family: run.font.family, size: size, weight: run.font.weight >= .semibold ? .bold : .regular,
                                                             italic: run.font.isItalic, color: run.color, underline: run.isUnderlined,
                                                             strikethrough: run.isStrikethrough))
        })
    }

    /// `text` set for the room given. A height only matters when the text is taller than
    /// it, and a width only when the text is wider: layout probes offer many sizes, and
    /// drawing its own measured size plus a margin, and each would otherwise set the text
    /// again. (No line of text narrower than the width wraps, so the unwrapped layout is
    /// the wrapped one.) Text not yet set at any height is set for the height given, not
    /// first without one: a narrow probe would wrap it into many lines only to cut them.
    private func layout(_ text: StyledText, maxWidth: Double?, maxHeight: Double?) -> TextLayout? {
        if let maxHeight {
            let unlimited = maxWidth == nil || layouts.withLock({ $0[Key(text: text, maxWidth: maxWidth, maxHeight: nil)] }) != nil
                ? layout(text, maxWidth: maxWidth, maxHeight: nil) : fitsUnwrapped(text, maxWidth: maxWidth)
            if let unlimited, unlimited.size.height <= maxHeight + 0.01 { return unlimited }
        }
        if maxHeight == nil, let unwrapped = fitsUnwrapped(text, maxWidth: maxWidth) { return unwrapped }
        let key = Key(text: text, maxWidth: maxWidth, maxHeight: maxHeight)
        if let cached = layouts.withLock({ $0[key] }) { return cached }
        let fitting = TextFitting(lineLimit: text.fit.lineLimit, truncation: Self.truncation(text.fit.truncationMode),
                                  minimumScaleFactor: text.fit.minimumScaleFactor)
        guard let made = try? library.layout(Self.richText(text), maxWidth: maxWidth, maxHeight: maxHeight, fitting: fitting,
                                             alignment: Self.alignment(text.fit.alignment),
                                             alignmentDirection: text.fit.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
        else { return nil }
        layouts.withLock { cache in
            if cache.count >= Self.layoutLimit - 1 { cache.removeAll(keepingCapacity: true) }
            cache[key] = made
            // Set in full, it is also the layout for this width at any height.
            if maxHeight != nil, made.isUncut { cache[Key(text: text, maxWidth: maxWidth, maxHeight: nil)] = made }
        }
        return made
    }

    /// The text on one line when it is no wider than `maxWidth` (given).
    private func fitsUnwrapped(_ text: StyledText, maxWidth: Double?) -> TextLayout? {
        guard let maxWidth, let unwrapped = layout(text, maxWidth: nil, maxHeight: nil), unwrapped.size.width <= maxWidth
        else { return nil }
        return unwrapped
    }

    private static func truncation(_ mode: Text.TruncationMode) -> TruncationMode {
        switch mode {
        case .head: .head
        case .middle: .middle
        case .tail: .tail
        }
    }

    private static func alignment(_ alignment: TextAlignment) -> KioskText.TextAlignment {
        switch alignment {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        }
    }

    public func measure(_ text: StyledText, maxWidth: Double?, maxHeight: Double?) -> Size {
        layout(text, maxWidth: maxWidth, maxHeight: maxHeight)?.size ?? .zero
    }

    public func hasFamily(_ family: String) -> Bool { library.families.contains(family) }

    /// The font library's caches and the layouts kept here.
    public var cacheUsage: [CacheUsage] {
        library.cacheUsage + [CacheUsage(name: "layouts", entries: layouts.withLock { $0.count })]
    }

    public func draw(_ text: StyledText, in rect: Rect, on canvas: Canvas) {
        layout(text, maxWidth: rect.width + 0.5, maxHeight: rect.height + 0.5)?.draw(on: canvas, in: rect)
    }
}
