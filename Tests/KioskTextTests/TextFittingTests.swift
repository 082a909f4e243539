import KioskGraphics
import KioskText
import Testing

/// Line limits, the three truncation modes, shrinking before cutting, and a height limit.
@Suite("Fitting text to a box")
struct TextFittingTests {
    let style = TextStyle(size: 20)
    let word = "Kaffeemaschinenreinigungsprogramm"

    func layout(_ text: String, width: Double?, height: Double? = nil, _ fitting: TextFitting) throws -> TextLayout {
        try library.layout(RichText(text, style: style), maxWidth: width, maxHeight: height, fitting: fitting)
    }

    var ellipsis: UInt32 {
        get throws { try #require(try library.layout(RichText("…", style: style)).glyphAdvances.first).glyph }
    }

    @Test("A line limit keeps that many lines; the last ends in an ellipsis")
    func lineLimit() throws {
        let text = "Tap Start to brew another cup of coffee, or Cancel to go back to the menu."
        let all = try layout(text, width: 200, .wrap)
        #expect(all.lines.count > 2)
        let two = try layout(text, width: 200, TextFitting(lineLimit: 2))
        #expect(two.lines.count == 2)
        #expect(two.lines.allSatisfy { $0.width <= 200 })
        #expect(two.glyphAdvances.last?.glyph == (try ellipsis))
        #expect(two.visualOrder(ofLine: 0) == all.visualOrder(ofLine: 0))
    }

    @Test("Tail, head and middle truncation keep the start, the end, or both")
    func modes() throws {
        let last = word.count - 1
        let tail = try layout(word, width: 150, TextFitting(lineLimit: 1))
        #expect(tail.visualOrder(ofLine: 0).first == 0 && !tail.visualOrder(ofLine: 0).contains(last))
        #expect(tail.glyphAdvances.last?.glyph == (try ellipsis))
        let head = try layout(word, width: 150, TextFitting(lineLimit: 1, truncation: .head))
        #expect(head.visualOrder(ofLine: 0).last == last && !head.visualOrder(ofLine: 0).contains(0))
        #expect(head.glyphAdvances.first?.glyph == (try ellipsis))
        let middle = try layout(word, width: 150, TextFitting(lineLimit: 1, truncation: .middle))
        let order = middle.visualOrder(ofLine: 0)
        #expect(order.first == 0 && order.last == last && order.count < word.count)
        let dots = try #require(middle.glyphAdvances.firstIndex { $0.glyph == (try? ellipsis) })
        #expect(dots > 0 && dots < middle.glyphAdvances.count - 1)
        for cut in [tail, head, middle] { #expect(cut.lines[0].width <= 150) }
    }

    @Test("Right-to-left text is cut at its own end: the ellipsis is at the left")
    func rightToLeftTail() throws {
        let cut = try layout(String(repeating: "שלום עולם ", count: 6), width: 150, TextFitting(lineLimit: 1))
        #expect(cut.glyphAdvances.first?.glyph == (try ellipsis))
        #expect(cut.visualOrder(ofLine: 0).last == 0)
    }

    @Test("Text shrinks until it fits before anything is cut")
    func shrinks() throws {
        let full = try layout(word, width: nil, .wrap)
        let width = (full.size.width * 0.7).rounded()
        let shrunk = try layout(word, width: width, TextFitting(lineLimit: 1, minimumScaleFactor: 0.5))
        #expect(shrunk.lines.count == 1)
        #expect(shrunk.lines[0].width <= width && shrunk.lines[0].width > width * 0.85)
        #expect(!shrunk.glyphAdvances.contains { $0.glyph == (try? ellipsis) })
        #expect(shrunk.size.height < full.size.height)
        // Not allowed to shrink far enough: as small as allowed, then cut.
        let cut = try layout(word, width: width, TextFitting(lineLimit: 1, minimumScaleFactor: 0.9))
        #expect(cut.glyphAdvances.last?.glyph == (try ellipsis))
        #expect(cut.lines[0].width <= width)
    }

    @Test("A height limit drops the lines below it, and a shrinking word prefers shrinking to breaking")
    func height() throws {
        let text = "one two three four five six seven eight"
        let wrapped = try layout(text, width: 80, .wrap)
        let lineHeight = wrapped.lines[0].height
        let limited = try layout(text, width: 80, height: lineHeight * 2 + 1, .wrap)
        #expect(limited.lines.count == 2)
        #expect(limited.size.height <= lineHeight * 2 + 1)
        #expect(limited.glyphAdvances.last?.glyph == (try ellipsis))
        let shrunk = try layout(word, width: 150, TextFitting(minimumScaleFactor: 0.3))
        #expect(shrunk.lines.count == 1)
    }
}
