import Foundation
import Testing
@testable import KioskViews

@MainActor
@Suite("Symbols and labels")
struct SymbolTests {
    /// The strings the host drew as text.
    func drawnTexts<V: View>(_ view: V) throws -> [StyledText] {
        let host = UIHost(size: Size(width: 400, height: 120), textEngine: textEngine) { view }
        let canvas = try Canvas(width: 400, height: 120)
        host.render(into: canvas)
        return host.renderedList!.items.compactMap { item in
            if case let .text(text, _) = item.op { return text }
            return nil
        }
    }

    @Test("The table maps at least 150 SF Symbols names, the common ones among them, into the icon font's private use area")
    func table() {
        #expect(SymbolTable.glyphs.count >= 150)
        for name in ["arrow.up", "plus", "minus", "trash", "gear", "hare", "folder.badge.plus", "xmark", "checkmark"] {
            #expect(SymbolTable.glyphs[name] != nil, "\(name)")
        }
        #expect(SymbolTable.glyphs.values.allSatisfy { (0xE000...0xF8FF).contains($0.codePoint) })
        #expect(textEngine.hasFamily(Symbol.fontFamily), "the icon font is bundled under fonts/")
    }

    @Test("A known symbol is a glyph of the icon font in the text's colour; an unknown one a placeholder")
    func glyphOrPlaceholder() throws {
        let known = try drawnTexts(Image(systemName: "trash").foregroundColor(.red))
        #expect(known.count == 1)
        #expect(known.first?.runs.first?.string == "\u{E872}")
        #expect(known.first?.runs.first?.font.family == Symbol.fontFamily)
        #expect(known.first?.runs.first?.color == Color.red.pixelColor)
        let unknown = try drawnTexts(Image(systemName: "no.such.symbol"))
        #expect(unknown.map { $0.runs.map(\.string).joined() } == ["?"])
        // Reported when first drawn, not again.
        #expect(!Symbol.reportOnce("unknown symbol", key: "no.such.symbol"))
        #expect(Symbol.reportOnce("unknown symbol", key: "another.unknown.name"))
        #expect(!Symbol.reportOnce("unknown symbol", key: "another.unknown.name"))
    }

    @Test("labelStyle picks the parts a label shows")
    func labelStyles() throws {
        func shown(_ style: some LabelStyle) throws -> [String] {
            try drawnTexts(Label("Trash", systemImage: "trash").labelStyle(style)).map { $0.runs.map(\.string).joined() }
        }
        #expect(try shown(.titleAndIcon) == ["\u{E872}", "Trash"])
        #expect(try shown(.automatic) == ["\u{E872}", "Trash"])
        #expect(try shown(.titleOnly) == ["Trash"])
        #expect(try shown(.iconOnly) == ["\u{E872}"])
    }

    @Test("Button(_:systemImage:action:) is a labelled button that triggers")
    func symbolButton() {
        let counter = Counter()
        let host = UIHost(size: Size(width: 400, height: 200), textEngine: textEngine) {
            Button("Sign In", systemImage: "arrow.up") { counter.count += 1 }.id("in")
        }
        let (x, y) = host.centre(of: "in")
        _ = host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 50)], until: 100)
        #expect(counter.count == 1)
    }

    @Test("Button(configuration) inside a primitive style draws the automatic look and triggers the action")
    func buttonFromConfiguration() throws {
        struct RedBordered: PrimitiveButtonStyle {
            func makeBody(configuration: Configuration) -> some View {
                Button(configuration).border(Color.red)
            }
        }
        let counter = Counter()
        let host = UIHost(size: Size(width: 400, height: 200), background: .white, textEngine: textEngine) {
            Button("Go") { counter.count += 1 }.id("go").buttonStyle(RedBordered())
        }
        let frame = try #require(host.frame(ofButton: "go"))
        let (x, y) = host.centre(of: "go")
        _ = host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 50)], until: 100)
        #expect(counter.count == 1)
        let canvas = try Canvas(width: 400, height: 200)
        host.render(into: canvas)
        #expect(rgb(canvas, Int(frame.minX), Int(frame.center.y)) == (0xFF, 0x3B, 0x30), "the red border")
        let plate = rgb(canvas, Int(frame.minX) + 4, Int(frame.center.y))
        #expect(plate.b > plate.r, "the bordered (automatic) plate inside, tinted blue: \(plate)")
    }

    @Test("buttonRepeatBehavior repeats faster after ten repeats")
    func acceleratingRepeat() {
        let counter = Counter()
        let host = UIHost(size: Size(width: 400, height: 200), textEngine: textEngine) {
            Button("Speed up", systemImage: "hare") { counter.count += 1 }.id("hare").buttonRepeatBehavior(.enabled)
        }
        let (x, y) = host.centre(of: "hare")
        let events = host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 1800)], until: 1900)
        let times = events.filter { $0.hasSuffix("triggered repeat") }.compactMap { Int($0.split(separator: " ")[0]) }
        #expect(Array(times.prefix(11)) == [500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400, 1450])
        #expect(times.last == 1800 || times.last == 1750)
    }

    @Test("LocalizedStringKey and Text(_:tableName:bundle:comment:) show the key when there is no translation")
    func localizedKeys() {
        let key: LocalizedStringKey = "my_localized_title"
        #expect(Text(key).string == "my_localized_title")
        #expect(Text(key, tableName: "Missing", bundle: .main, comment: "a title").string == "my_localized_title")
        #expect(Text("\(3) apples" as LocalizedStringKey).string == "3 apples")
        #expect(Text(1.25, format: .number.precision(.fractionLength(1))).string == "1.2" ||
                Text(1.25, format: .number.precision(.fractionLength(1))).string == "1.3")
    }
}
