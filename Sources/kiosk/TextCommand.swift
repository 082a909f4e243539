import ArgumentParser
import KioskCommandLine
import KioskGraphics
import KioskText

/// `kiosk text`: sets a string with KioskText (shaping, fallback, wrapping, truncation)
/// into a PNG, black on white, with a 4 px margin.
struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "text", abstract: "Render a string to a PNG with the bundled fonts.")

    @Argument(help: "The text (\\n in it starts a new line).")
    var string: String

    @Option(help: "Pixel size.")
    var size = 24.0

    @Flag(help: "Bold.")
    var bold = false

    @Flag(help: "Italic (synthetic oblique where the face has none).")
    var italic = false

    @Option(help: "Wrap to this width in pixels.")
    var width: Double?

    @Option(help: "At most this many lines; the last is cut with … when text is left.")
    var lineLimit: Int?

    @Option(help: "Where a cut line's … goes: head, middle or tail.")
    var truncation = "tail"

    @Option(help: "Shrink down to this fraction of the size (0.01–1) before cutting.")
    var minimumScale = 1.0

    @Option(help: "leading, center or trailing.")
    var align = "leading"

    @Option(help: "The paragraphs' direction: ltr or rtl (default: each paragraph's first strong character's).")
    var direction: String?

    @Flag(help: "Print which font drew each stretch of each line.")
    var explain = false

    @Option(help: "The PNG to write.")
    var out: String

    func run() throws {
        try reportingFailures {
            let alignment: TextAlignment = switch align {
            case "leading": .leading
            case "center": .center
            case "trailing": .trailing
            default: throw ValidationError("--align must be leading, center or trailing, got \"\(align)\"")
            }
            let textDirection: TextDirection? = switch direction {
            case nil: nil
            case "ltr": .leftToRight
            case "rtl": .rightToLeft
            case let other?: throw ValidationError("--direction must be ltr or rtl, got \"\(other)\"")
            }
            let mode: TruncationMode = switch truncation {
            case "head": .head
            case "middle": .middle
            case "tail": .tail
            default: throw ValidationError("--truncation must be head, middle or tail, got \"\(truncation)\"")
            }
            let fitting = TextFitting(lineLimit: lineLimit, truncation: mode, minimumScaleFactor: minimumScale)
            let library = try FontLibrary()
            let style = TextStyle(size: size, weight: bold ? .bold : .regular, italic: italic)
            let text = RichText(string.replacing("\\n", with: "\n"), style: style)
            let layout = try library.layout(text, maxWidth: width, fitting: fitting,
                                         alignment: alignment, direction: textDirection)
            let canvas = try Canvas(width: Int(width ?? layout.size.width) + 8, height: Int(layout.size.height) + 8)
            canvas.fill(canvas.bounds, color: .white)
            layout.draw(on: canvas, in: Rect(x: 4, y: 4, width: width ?? layout.size.width, height: layout.size.height))
            try canvas.writePNG(to: out)
            if explain { print(explanation(of: layout, text: text.runs.map(\.string).joined()), terminator: "") }
        }
    }

    /// One line per line of the layout, then one per face stretch on it, left to right:
    /// the text it drew, the family and the file.
    func explanation(of layout: TextLayout, text: String) -> String {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        var result = ""
        for (index, line) in layout.lines.enumerated() {
            result += "line \(index + 1) (\(line.direction == .rightToLeft ? "right to left" : "left to right")):\n"
            for (face, characters) in layout.faces(ofLine: index) {
                let drawn = String(characters.sorted().map { paragraphs[line.paragraph][$0] })
                result += "  \"\(drawn)\": \(face.family) (\(face.path))\n"
            }
        }
        return result
    }
}
