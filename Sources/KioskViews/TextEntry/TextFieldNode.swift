import KioskGraphics

/// What a text field draws, settled from its environment.
struct TextFieldContent: Equatable {
    /// The field's path: the session says whether it is edited.
    let field: String
    /// The text as shown (dots for a secure field).
    let text: String
    let placeholder: String
    let font: Font
    let color: PixelColor
    let caretColor: PixelColor
    let decoration: TextFieldDecoration
    let isEnabled: Bool
}

/// A text field's box: one line of text (or the grey placeholder); while it is edited, cut at
/// the start when it is longer than the box so the end, where the caret is, stays in view,
/// else its start shown cut with an ellipsis; the caret while it is edited and the blink
/// shows it. It takes the width offered and one line's height.
final class TextFieldNode: Node {
    private(set) var content: TextFieldContent
    private let session: TextEditingSession?
    let engine: TextEngine
    /// The text last fitted into the box, and the width it takes.
    private var fitted: (text: String, width: Double, fitted: String, fittedWidth: Double)?

    init(content: TextFieldContent, session: TextEditingSession?, engine: TextEngine, path: String) {
        self.content = content
        self.session = session
        self.engine = engine
        super.init(path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool { Node.adopt(&content, (new as! TextFieldNode).content) }

    /// iOS's rounded-border insets round the text.
    private var insets: (horizontal: Double, vertical: Double) {
        content.decoration == .roundedBorder ? (7, 6) : (0, 0)
    }

    private func styled(_ string: String, color: PixelColor) -> StyledText {
        StyledText(runs: [StyledText.Run(string: string, font: content.font, color: color)], fit: TextFit(lineLimit: 1))
    }

    private var lineHeight: Double { engine.measure(styled("Ag", color: content.color), maxWidth: nil).height }

    override func measure(_ proposal: ProposedSize) -> Size {
        let height = lineHeight + 2 * insets.vertical
        if let width = proposal.width, width.isFinite { return Size(width: max(width, 0), height: height) }
        let natural = engine.measure(styled(content.placeholder, color: content.color), maxWidth: nil).width
        return Size(width: natural + 2 * insets.horizontal + 2, height: height)
    }

    /// The end of `text` that fits `width`, and its width. Typing adds a character to the
    /// text last fitted: the last tail plus it, cut at the start until it fits, takes a
    /// measurement or two. Otherwise the tail is searched for: lengths doubling from the end,
    /// then halving between the last that fits and the first that does not, so only about as
    /// many characters are measured as show.
    private func tail(of text: String, fitting width: Double) -> (String, Double) {
        if let fitted, fitted.text == text, fitted.width == width { return (fitted.fitted, fitted.fittedWidth) }
        func measured(_ s: Substring) -> Double { engine.measure(styled(String(s), color: content.color), maxWidth: nil).width }
        var result: (Substring, Double)?
        // Compared and cut as bytes: counting characters walks the whole text.
        if let fitted, fitted.width == width, text.utf8.count - fitted.text.utf8.count <= 16,
           text.utf8.starts(with: fitted.text.utf8) {
            var candidate = Substring(fitted.fitted + Substring(text.utf8.dropFirst(fitted.text.utf8.count)))
            var length = measured(candidate)
            while length > width, !candidate.isEmpty {
                candidate = candidate.dropFirst()
                length = measured(candidate)
            }
            result = (candidate, length)
        }
        if result == nil {
            var (fits, count) = (0, 8)
            var length = 0.0
            while fits < text.count {
                let candidate = text.suffix(count)
                let w = measured(candidate)
                guard w <= width else { break }
                (fits, length) = (candidate.count, w)
                count *= 2
            }
            var tooLong = min(count, text.count + 1)
            while tooLong - fits > 1 {
                let middle = (fits + tooLong) / 2
                let w = measured(text.suffix(middle))
                if w <= width { (fits, length) = (middle, w) } else { tooLong = middle }
            }
            result = (text.suffix(fits), length)
        }
        let (shown, shownWidth) = result!
        fitted = (text, width, String(shown), shownWidth)
        return (String(shown), shownWidth)
    }

    override func emitOperations(_ emitter: Emitter) {
        guard emitter.opacity > 0 else { return }
        let opacity = emitter.opacity * (content.isEnabled ? 1 : 0.5)
        if content.decoration == .roundedBorder {
            emitter.add(.fill(.roundedRectangle(cornerRadius: 5), frame, .color(.white), opacity: opacity, shadow: nil), key: path)
            emitter.add(.border(.roundedRectangle(cornerRadius: 5), frame, lineWidth: 1, .color(Self.borderColor), opacity: opacity),
                        key: path)
        }
        let caretWidth = 2.0
        let box = frame.insetBy(dx: insets.horizontal, dy: insets.vertical)
        let textHeight = min(lineHeight, box.height)
        let textTop = box.minY + (box.height - textHeight) / 2
        var caretX = box.minX
        let isEditing = session?.isEditing(content.field) == true
        if content.text.isEmpty {
            let placeholder = styled(content.placeholder, color: Self.placeholderColor).faded(opacity)
            emitter.add(.text(placeholder, Rect(x: box.minX, y: textTop, width: box.width, height: textHeight)), key: path)
        } else if !isEditing {
            // Not edited, a field shows its text's start, cut with an ellipsis, as UIKit's does.
            emitter.add(.text(styled(content.text, color: content.color).faded(opacity),
                              Rect(x: box.minX, y: textTop, width: box.width, height: textHeight)), key: path)
        } else {
            let (shown, width) = tail(of: content.text, fitting: max(box.width - caretWidth - 1, 0))
            emitter.add(.text(styled(shown, color: content.color).faded(opacity),
                              Rect(x: box.minX, y: textTop, width: width + 1, height: textHeight)), key: path)
            caretX = box.minX + width
        }
        if isEditing, let session, session.caretVisible(at: emitter.time) {
            let caret = Rect(x: caretX, y: textTop + 1, width: caretWidth, height: max(textHeight - 2, 0))
            emitter.add(.fill(.roundedRectangle(cornerRadius: 1), caret, .color(content.caretColor), opacity: emitter.opacity, shadow: nil),
                        key: path)
        }
    }

    /// iOS's placeholder grey (#3C3C43 at 30 % on white) and its field border.
    static let placeholderColor = PixelColor(red8: 0xC4, green8: 0xC4, blue8: 0xC6)
    static let borderColor = PixelColor(red8: 0xD1, green8: 0xD1, blue8: 0xD6)
}
