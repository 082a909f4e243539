import KioskGraphics
import KioskText
import Testing

/// Text laid out again (at another width, height or fitting) reuses its shaped runs; the
/// results must be those of a library that never saw the text.
@Suite("Shaping cache")
struct ShapingCacheTests {
    /// What a layout sets: its lines and their glyphs.
    private func lines(_ layout: TextLayout) -> [String] {
        layout.lines.indices.map { index in
            let line = layout.lines[index]
            return "\(line.width) \(line.top) \(line.ascender) \(line.descender) \(line.direction) \(line.paragraph) "
                + "\(layout.visualOrder(ofLine: index)) \(layout.faces(ofLine: index).map(\.characters))"
        } + ["\(layout.size)", "\(layout.glyphAdvances.map { "\($0.glyph):\($0.advance)" })"]
    }

    private static let texts: [RichText] = [
        RichText("Drink 42", style: TextStyle(size: 20)),
        RichText("Please ", style: TextStyle(italic: true)) + RichText("tap to order ปุ่มกด 按钮 now", style: TextStyle(weight: .bold)),
        RichText("مرحبا (hello) بالعالم، اضغط هنا للطلب"),
        RichText("First paragraph wraps here\nsecond one is cut", style: TextStyle(size: 15)),
    ]

    @Test("A label laid out at several widths and fittings gets the lines of fresh layouts")
    func sameLinesAsFresh() throws {
        let warm = try FontLibrary()
        let fittings = [TextFitting.wrap, TextFitting(lineLimit: 1), TextFitting(lineLimit: 1, truncation: .middle),
                        TextFitting(lineLimit: 2, truncation: .head), TextFitting(lineLimit: 1, minimumScaleFactor: 0.5)]
        for text in Self.texts {
            for fitting in fittings {
                for width in [nil, 0, 30, 80, 150, 1000] as [Double?] {
                    let reused = try warm.layout(text, maxWidth: width, maxHeight: width == 30 ? 20 : nil, fitting: fitting)
                    let fresh = try FontLibrary().layout(text, maxWidth: width, maxHeight: width == 30 ? 20 : nil,
                                                         fitting: fitting)
                    #expect(lines(reused) == lines(fresh), "\(text) at \(String(describing: width)), \(fitting)")
                }
            }
        }
        #expect(warm.shapingCacheUsage.paragraphs > 0)
    }

    @Test("The same text in another font or direction is shaped for it")
    func keyedByFontAndDirection() throws {
        let warm = try FontLibrary()
        let string = "Order 12 ffi (now)"
        let styles = [TextStyle(size: 17), TextStyle(size: 24), TextStyle(weight: .bold), TextStyle(italic: true),
                      TextStyle(family: "Loma"), TextStyle(family: "Droid Sans Fallback")]
        for direction in [nil, TextDirection.leftToRight, .rightToLeft] {
            for style in styles {
                let text = RichText(string, style: style)
                let reused = try warm.layout(text, maxWidth: 60, fitting: TextFitting(lineLimit: 1), direction: direction)
                let fresh = try FontLibrary().layout(text, maxWidth: 60, fitting: TextFitting(lineLimit: 1), direction: direction)
                #expect(lines(reused) == lines(fresh), "\(style), \(String(describing: direction))")
            }
        }
    }

    @Test("Many distinct texts keep the shaped paragraphs within their bound")
    func bounded() throws {
        let small = try FontLibrary()
        var peak = 0
        for n in 0..<1500 {
            _ = try small.layout(RichText("Row \(n)"), maxWidth: 20, fitting: TextFitting(lineLimit: 1))
            peak = max(peak, small.shapingCacheUsage.paragraphs)
        }
        #expect(peak <= small.shapingCacheUsage.limit)
        #expect(peak > 0)
    }

    @Test("Faces let go take their shaped paragraphs with them")
    func clearedWithFaces() throws {
        let small = try FontLibrary(faceCacheBytes: 1)
        for size in stride(from: 10.0, to: 40, by: 1) { _ = try small.layout(RichText("Row", style: TextStyle(size: size))) }
        #expect(small.faceCacheUsage.faces <= 1)
        #expect(small.shapingCacheUsage.paragraphs <= 1)
    }
}
