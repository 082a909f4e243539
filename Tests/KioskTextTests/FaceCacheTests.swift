import KioskGraphics
import KioskText
import Testing

/// Every distinct size is a face; the faces kept open are bounded in bytes like glyphs, and
/// a layout outlives its faces' eviction.
@Suite("Face cache")
struct FaceCacheTests {
    @Test("Text at hundreds of sizes keeps the open faces under their byte bound")
    func boundedBySize() throws {
        let small = try FontLibrary(faceCacheBytes: 2 << 20)
        var peak = 0, faces = 0
        for step in 0..<300 {
            let size = 8 + Double(step) * 0.25
            _ = try small.layout(RichText("Size 按钮 ปุ่ม", style: TextStyle(size: size)))
            peak = max(peak, small.faceCacheUsage.bytes)
            faces = max(faces, small.faceCacheUsage.faces)
        }
        let usage = small.faceCacheUsage
        #expect(peak <= usage.limit)
        #expect(usage.bytes > 0)
        // Each size opens a face per family (DejaVu, Loma, Droid): far fewer than 900 stay.
        #expect(faces > 3 && faces < 300, "\(faces) faces")
    }

    @Test("A layout whose faces were evicted draws the same pixels")
    func layoutOutlivesItsFaces() throws {
        let small = try FontLibrary(glyphCacheBytes: 4096, faceCacheBytes: 1)
        let text = RichText("Tap ", style: TextStyle(size: 30)) + RichText("按钮", style: TextStyle(size: 30, underline: true))
        let early = try small.layout(text)
        for size in stride(from: 10.0, to: 60, by: 1) { _ = try small.layout(RichText("x", style: TextStyle(size: size))) }
        #expect(small.faceCacheUsage.faces <= 1)
        let drawn = try render(early)
        let fresh = try render(try library.layout(text))
        var differences = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width where drawn.argb(x: x, y: y) != fresh.argb(x: x, y: y) { differences += 1 }
        }
        #expect(drawn.width == fresh.width && drawn.height == fresh.height)
        #expect(differences == 0)
        #expect(inkedColumns(drawn).count > 40)
    }
}
