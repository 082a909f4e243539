import KioskGraphics
import KioskText
import Testing

/// A layout says whether it shows all of its text at its own size: the UI's engine then
/// keeps it for every greater height too.
@Suite("Uncut layouts")
struct UncutLayoutTests {
    private let text = RichText("Order a drink at the counter", style: TextStyle(size: 20))

    @Test("Text shown whole is uncut, and set without a height the same")
    func wholeIsUncut() throws {
        let tall = try library.layout(text, maxWidth: 80, maxHeight: 500)
        let unlimited = try library.layout(text, maxWidth: 80)
        #expect(tall.isUncut && unlimited.isUncut)
        #expect(tall.size == unlimited.size && tall.glyphAdvances.map(\.glyph) == unlimited.glyphAdvances.map(\.glyph))
    }

    @Test("Text cut by the height or the line limit, or shrunk, is not uncut")
    func cutOrShrunk() throws {
        #expect(!(try library.layout(text, maxWidth: 80, maxHeight: 30).isUncut))
        #expect(!(try library.layout(text, maxWidth: 80, fitting: TextFitting(lineLimit: 1)).isUncut))
        #expect(!(try library.layout(text, maxWidth: 200, fitting: TextFitting(lineLimit: 1, minimumScaleFactor: 0.5)).isUncut))
    }
}
