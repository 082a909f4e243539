import CHarfBuzz
import Foundation
import KioskGraphics
import KioskText
import Testing

@Suite struct MeasurementTests {
    /// Advances from HarfBuzz's own OpenType functions on the file, independent of the
    /// layout's hb-ft fonts.
    func harfBuzzAdvances(_ string: String, path: String, size: Double) -> [(glyph: UInt32, advance: Double)] {
        let blob = hb_blob_create_from_file(path)
        let face = hb_face_create(blob, 0)
        let font = hb_font_create(face)
        let scale = Int32((size * 64).rounded())
        hb_font_set_scale(font, scale, scale)
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer); hb_font_destroy(font); hb_face_destroy(face); hb_blob_destroy(blob) }
        hb_buffer_add_utf8(buffer, string, -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        return (0..<Int(count)).map { (infos[$0].codepoint, Double(positions[$0].x_advance) / 64) }
    }

    func path(_ family: String, weight: FontWeight = .regular) throws -> String {
        try #require(library.registeredFiles.first { $0.family == family && $0.weight == weight && !$0.italic }).path
    }

    @Test(arguments: [("Button title", "DejaVu Sans"), ("office AVATAR Wave", "DejaVu Sans"),
                      ("ปุ่มทดสอบ", "Loma"), ("按钮标题", "Droid Sans Fallback")])
    func advancesEqualHarfBuzz(_ sample: (string: String, family: String)) throws {
        let layout = try library.layout(RichText(sample.string, style: TextStyle(size: 24)))
        let expected = harfBuzzAdvances(sample.string, path: try path(sample.family), size: 24)
        let actual = layout.glyphAdvances
        #expect(actual.map(\.glyph) == expected.map(\.glyph))
        for (a, e) in zip(actual, expected) { #expect(abs(a.advance - e.advance) < 0.05, "glyph \(a.glyph)") }
        let total = expected.reduce(0) { $0 + $1.advance }
        #expect(abs(layout.lines[0].width - total) < 0.1)
    }

    @Test func kerningTightensAV() throws {
        let style = TextStyle(size: 48)
        let together = try library.measure(RichText("AV", style: style))
        let a = try library.layout(RichText("A", style: style)).lines[0].width
        let v = try library.layout(RichText("V", style: style)).lines[0].width
        let av = try library.layout(RichText("AV", style: style)).lines[0].width
        #expect(av < a + v - 1, "AV \(av) vs A+V \(a + v)")
        #expect(together.width < (a + v).rounded(.up))
    }

    @Test func ligatureAndMarks() throws {
        // DejaVu's "fi" ligature: one glyph for two characters.
        #expect(try library.layout(RichText("fi", style: TextStyle(size: 24))).glyphAdvances.count == 1)
        // Thai: ุ (below) and ่ (above) attach to their base with zero advance.
        let thai = try library.layout(RichText("ปุ่", style: TextStyle(size: 24))).glyphAdvances
        #expect(thai.count == 3)
        #expect(thai.dropFirst().allSatisfy { $0.advance == 0 })
    }

    @Test func fallbackPicksThaiAndCJKFaces() throws {
        let style = TextStyle(size: 24)
        #expect(try library.layout(RichText("Button", style: style)).facesUsed.map(\.family) == ["DejaVu Sans"])
        #expect(try library.layout(RichText("ปุ่มทดสอบ", style: style)).facesUsed.map(\.family) == ["Loma"])
        #expect(try library.layout(RichText("按钮标题", style: style)).facesUsed.map(\.family) == ["Droid Sans Fallback"])
        #expect(try library.layout(RichText("ボタン", style: style)).facesUsed.map(\.family) == ["Droid Sans Fallback"])
        let mixed = try library.layout(RichText("OK ปุ่ม 按钮", style: style.bold()))
        #expect(mixed.facesUsed.map(\.family) == ["DejaVu Sans", "Loma", "Droid Sans Fallback"])
        #expect(mixed.facesUsed.map(\.weight) == [.bold, .bold, .regular])
        // No glyph is the missing-glyph box (glyph 0) when a bundled face has the character.
        #expect(mixed.glyphAdvances.allSatisfy { $0.glyph != 0 })
    }

    @Test func wrapBreaksAtSpacesAndBetweenCJK() throws {
        let latin = try library.layout(RichText("one two three four", style: TextStyle(size: 20)), maxWidth: 100)
        #expect(latin.lines.count >= 2)
        let cjk = try library.layout(RichText("按钮标题按钮标题", style: TextStyle(size: 20)), maxWidth: 70)
        #expect(cjk.lines.count == 3)
        #expect(cjk.lines.allSatisfy { $0.width <= 70 })
        // A word wider than the line is split between characters rather than overflow.
        let word = try library.layout(RichText("Reset now", style: TextStyle(size: 20)), maxWidth: 30)
        #expect(word.lines.count > 2)
        #expect(word.lines.allSatisfy { $0.width <= 30 })
    }

    @Test func lineHeightFromMetrics() throws {
        let one = try library.measure(RichText("Hg", style: TextStyle(size: 24)))
        let two = try library.measure(RichText("Hg\nHg", style: TextStyle(size: 24)))
        #expect(one.height >= 27 && one.height <= 29)  // DejaVu: ascender 0.928 + descender 0.236 em
        #expect(two.height == 2 * one.height)
    }

    @Test func cacheStaysUnderItsBound() throws {
        let small = try FontLibrary(glyphCacheBytes: 256 << 10)
        var scalars = String.UnicodeScalarView()
        for value in 0x4E00..<(0x4E00 + 10_000) { scalars.append(Unicode.Scalar(value)!) }
        let string = String(scalars)
        let canvas = try Canvas(width: 64, height: 64)
        var peak = 0
        var index = string.startIndex
        while index < string.endIndex {
            let end = string.index(index, offsetBy: 500, limitedBy: string.endIndex) ?? string.endIndex
            try small.layout(RichText(String(string[index..<end]), style: TextStyle(size: 20))).draw(on: canvas, at: .zero)
            peak = max(peak, small.glyphCacheUsage.bytes)
            index = end
        }
        let usage = small.glyphCacheUsage
        #expect(peak <= usage.limit)
        #expect(usage.glyphs > 100 && usage.glyphs < 10_000)
    }

    @Test func glyphLargerThanTheCacheIsDrawnNotKept() throws {
        let tiny = try FontLibrary(glyphCacheBytes: 4096)
        let canvas = try Canvas(width: 1200, height: 1200)
        canvas.fill(canvas.bounds, color: .white)
        try tiny.layout(RichText("W", style: TextStyle(size: 1000))).draw(on: canvas, at: .zero)
        #expect(tiny.glyphCacheUsage.bytes <= 4096)
        #expect(inkedColumns(canvas).count > 500)
    }
}

extension TextStyle {
    func bold() -> TextStyle {
        var copy = self
        copy.weight = .bold
        return copy
    }
}
