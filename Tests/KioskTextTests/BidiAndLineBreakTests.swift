import Foundation
import KioskGraphics
import KioskText
import Testing

/// Right-to-left and mixed text in visual order, and lines broken where each script allows.
@Suite("Bidi and line breaking")
struct BidiAndLineBreakTests {
    let style = TextStyle(size: 24)

    func layout(_ text: String, maxWidth: Double? = nil, direction: TextDirection? = nil) throws -> TextLayout {
        try library.layout(RichText(text, style: style), maxWidth: maxWidth, direction: direction)
    }

    /// The glyph a string shapes to on its own, in a left-to-right run.
    func glyph(_ text: String) throws -> UInt32 {
        try #require(try layout(text, direction: .leftToRight).glyphAdvances.first).glyph
    }

    @Test("Hebrew is drawn right to left: its last letter is leftmost")
    func hebrew() throws {
        let shalom = try layout("שלום")
        #expect(shalom.lines[0].direction == .rightToLeft)
        #expect(shalom.visualOrder(ofLine: 0) == [3, 2, 1, 0])
    }

    @Test("Latin inside a right-to-left paragraph keeps its own order")
    func arabicWithLatin() throws {
        // مرحبا (0–4), a space (5), Hello (6–10): the paragraph is Arabic, so Hello is at the
        // left, in reading order, and the Arabic runs leftwards from the right edge.
        let mixed = try layout("مرحبا Hello")
        #expect(mixed.lines[0].direction == .rightToLeft)
        #expect(mixed.visualOrder(ofLine: 0) == [6, 7, 8, 9, 10, 5, 4, 3, 2, 1, 0])
    }

    @Test("Hebrew inside a left-to-right paragraph is reversed in place")
    func hebrewInLatin() throws {
        let mixed = try layout("ab שלום cd")
        #expect(mixed.lines[0].direction == .leftToRight)
        #expect(mixed.visualOrder(ofLine: 0) == [0, 1, 2, 6, 5, 4, 3, 7, 8, 9])
    }

    @Test("Numbers in right-to-left text read left to right")
    func digits() throws {
        // שלום (0–3), space (4), 123 (5–7).
        #expect(try layout("שלום 123").visualOrder(ofLine: 0) == [5, 6, 7, 4, 3, 2, 1, 0])
    }

    @Test("Brackets are mirrored in right-to-left text")
    func mirroredBrackets() throws {
        let open = try glyph("("), close = try glyph(")")
        let quoted = try layout("(שלום)")
        // The logical "(" ends up at the right edge, drawn as ")" so it still opens the word.
        #expect(quoted.visualOrder(ofLine: 0) == [5, 4, 3, 2, 1, 0])
        #expect(quoted.glyphAdvances.first?.glyph == open)
        #expect(quoted.glyphAdvances.last?.glyph == close)
    }

    @Test("Arabic letters join: a word's letters take other forms than alone")
    func arabicJoins() throws {
        let word = try layout("بب")
        let alone = try glyph("ب")
        #expect(word.glyphAdvances.count == 2)
        #expect(word.glyphAdvances.allSatisfy { $0.glyph != alone && $0.glyph != 0 })
    }

    @Test("The paragraph's direction can be given, and leading alignment follows it")
    func givenDirection() throws {
        let forced = try layout("Hello", direction: .rightToLeft)
        #expect(forced.lines[0].direction == .rightToLeft)
        #expect(forced.visualOrder(ofLine: 0) == [0, 1, 2, 3, 4])
        let leading = try render(forced, width: 300)
        #expect(inkedColumns(leading).min() ?? 0 > 150, "right-to-left leading text sits at the right")
    }

    @Test("Thai breaks between words by dictionary")
    func thai() throws {
        // ภาษา|ไทย|ง่าย|นิด|เดียว: "Thai is a little easy", with no spaces.
        let parts = ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"]
        let text = parts.joined()
        let words = Set(parts.indices.map { parts[..<$0].reduce(0) { $0 + $1.count } })
        let wrapped = try layout(text, maxWidth: 90)
        #expect(wrapped.lines.count >= 3)
        #expect(wrapped.lines.allSatisfy { $0.width <= 90 })
        var start = 0
        for index in wrapped.lines.indices {
            let order = wrapped.visualOrder(ofLine: index)
            #expect(order.first == start && words.contains(start), "line \(index) starts at \(order.first ?? -1), not a word")
            start = (order.max() ?? start) + 1
        }
    }

    @Test("Every Thai run a line ends in is broken by dictionary, however many runs a paragraph has")
    func thaiRuns() throws {
        let parts = ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว", " and ", "ภาษา", "ไทย", "ง่าย", "นิด", "เดียว", " ok ", "ภาษา", "ไทย"]
        // Words start where each Thai part does, and one past the space that opens a Latin part.
        let words = Set(parts.indices.map { index in
            parts[..<index].reduce(0) { $0 + $1.count } + (parts[index].hasPrefix(" ") ? 1 : 0)
        })
        let wrapped = try layout(parts.joined(), maxWidth: 90)
        #expect(wrapped.lines.count >= 6)
        #expect(wrapped.lines.allSatisfy { $0.width <= 90 })
        var end = 0
        for index in wrapped.lines.indices {
            let order = wrapped.visualOrder(ofLine: index)
            let first = order.min() ?? -1
            // A line starts at a word, where the last one stopped (a space between may hang).
            #expect(words.contains(first) && (first == end || first == end + 1), "line \(index) starts at \(first), not a word")
            end = (order.max() ?? end) + 1
        }
        // Latin glued to Thai has no break of its own: the line ends at the Thai word before it.
        let thai = try layout("ภาษาไทยง่ายนิดเดียว")
        let glued = try layout("ภาษาไทยง่ายนิดเดียวabcdefgh", maxWidth: thai.lines[0].width + 5)
        #expect(glued.lines.count == 2)
        // (the dictionary may take นิดเดียว, "a little", as one word)
        #expect([10, 12].contains(glued.visualOrder(ofLine: 1).min() ?? -1), "the second line starts at นิด or เดียว")
    }

    @Test("A word longer than the line is broken, never wider than the line")
    func longWord() throws {
        let word = try layout("Kaffeemaschinenreinigungsprogramm", maxWidth: 120)
        #expect(word.lines.count >= 3)
        #expect(word.lines.allSatisfy { $0.width <= 120 })
        // Nothing is lost: the pieces add up to the word set on one line.
        let whole = try layout("Kaffeemaschinenreinigungsprogramm")
        #expect(abs(word.lines.reduce(0) { $0 + $1.width } - whole.lines[0].width) < 0.5)
    }

    @Test("CJK breaks between characters, never before closing punctuation")
    func cjk() throws {
        let text = "按钮标题按钮标题。按钮"
        for width in stride(from: 50.0, through: 200, by: 10) {
            let wrapped = try layout(text, maxWidth: width)
            #expect(wrapped.lines.allSatisfy { $0.width <= width })
            for index in wrapped.lines.indices.dropFirst() {
                #expect(wrapped.visualOrder(ofLine: index).first != 8, "a line starts with 。 at width \(width)")
            }
        }
    }

    @Test("Latin breaks after a hyphen as well as at spaces")
    func hyphen() throws {
        let wrapped = try layout("well-known", maxWidth: 80)
        #expect(wrapped.lines.count == 2)
        #expect(wrapped.visualOrder(ofLine: 1).first == 5)
    }
}

/// Text no one should send, set without a crash or a hang, and never wider than its box.
@Suite("Awkward text")
struct AwkwardTextTests {
    @Test("Lone marks, controls, isolates and a 10,000-character word stay inside 200 px", arguments: [
        "\u{0301}\u{0E48}\u{0651} marks with nothing to sit on",
        "bell\u{07}tab\tnul\u{0}escape\u{1B}[31m and a delete\u{7F}",
        "\u{202E}override\u{202C} \u{2067}isolate without its end",
        "\u{200F}\u{200E}\u{061C}\u{FEFF}",
        "(((((((([[[[[ שלום ))))]]]]",
        String(repeating: "ก", count: 10_000),
        String(repeating: "W", count: 10_000),
        String(repeating: "مرحبا", count: 2_000),
    ])
    func awkward(_ text: String) throws {
        let layout = try library.layout(RichText(text, style: TextStyle(size: 20)), maxWidth: 200)
        #expect(layout.lines.allSatisfy { $0.width <= 200 })
        // Drawn into 200 px with 8 px of margin each side: no ink lands in the margins.
        let canvas = try render(layout, width: 200, height: min(layout.size.height, 400))
        #expect(inkedColumns(canvas).allSatisfy { (8..<208).contains($0) })
    }

    @Test("Italic Arabic comes from the upright face, not boxes: the italic file has no Arabic")
    func italicArabic() throws {
        let text = try library.layout(RichText("اضغط", style: TextStyle(size: 24, italic: true)), maxWidth: nil)
        #expect(!text.glyphAdvances.contains { $0.glyph == 0 }, "no .notdef glyph")
        let faces = text.faces(ofLine: 0).map { ($0.face.path as NSString).lastPathComponent }
        #expect(faces == ["DejaVuSans.ttf"])
    }
}
