import FoundationEssentials
import Glibc
import KioskCore
import KioskGraphics
import Synchronization

/// A named symbol (`Image(systemName:)`) drawn as a glyph of the bundled Material Icons
/// font, at the size and colour of the text around it. A name the table does not know is
/// drawn as a placeholder (a square outline with a question mark) and reported once on
/// stderr; so is every symbol when the icon font is missing.
enum Symbol {
    /// The family the icon font is registered under (see `FontLibrary.bundledFiles`).
    static let fontFamily = "Material Icons"

    /// The glyph for `name`, or nil when the table does not know it.
    static func character(for name: String) -> String? {
        guard let entry = SymbolTable.glyphs[name], let scalar = Unicode.Scalar(entry.codePoint) else { return nil }
        return String(Character(scalar))
    }

    /// The names already reported, so each is reported once per process.
    private static let reported = Mutex<Set<String>>([])

    /// Writes `message` to stderr unless `key` was reported before; true when it wrote.
    @discardableResult
    static func reportOnce(_ message: String, key: String) -> Bool {
        let isNew = reported.withLock { $0.insert(key).inserted }
        if isNew { StandardStream.error.write("KioskUI: " + message + "\n") }
        return isNew
    }

    /// The node for symbol `name` in `context`: an image element named by the symbol's
    /// words ("folder badge plus"), not by the glyph's private-use character.
    static func node(named name: String, _ context: ResolveContext) -> Node {
        var properties = AccessibilityProperties()
        properties.label = name.replacing(".", with: " ")
        properties.addedTraits = .isImage
        properties.children = .ignore
        return AccessibilityNode(properties: properties, isEnabled: context.environment.isEnabled,
                                 child: glyph(named: name, context.child(0)), path: context.path)
    }

    /// The glyph, or the placeholder.
    private static func glyph(named name: String, _ context: ResolveContext) -> Node {
        let environment = context.environment
        // SF Symbols are a little taller than the text they sit in.
        let size = (environment.scaledFont.size * 1.2).rounded()
        if let character = character(for: name), context.session.textEngine.hasFamily(fontFamily) {
            var font = environment.scaledFont
            font.size = size
            font.weight = .regular
            font.isItalic = false
            font.family = fontFamily
            let text = StyledText(runs: [StyledText.Run(string: character, font: font,
                                                        color: environment.foregroundColor.resolved(in: environment))])
            return TextNode(text: text, engine: context.session.textEngine, path: context.path)
        }
        if character(for: name) == nil {
            reportOnce("unknown symbol \"\(name)\": drawing a placeholder", key: name)
        } else {
            reportOnce("icon font \(fontFamily) not found: symbols are drawn as placeholders", key: "\u{0}font")
        }
        return resolve(Placeholder(side: size), context)
    }

    /// A square outline with a question mark: visibly not the icon that was asked for.
    struct Placeholder: View {
        let side: Double

        var body: some View {
            RoundedRectangle(cornerRadius: side / 6)
                .strokeBorder(.foreground, lineWidth: max(1, (side / 12).rounded()))
                .overlay(Text(verbatim: "?").font(Font(size: (side * 0.7).rounded(), weight: .bold)))
                .frame(width: side, height: side)
        }
    }
}
