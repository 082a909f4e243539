import KioskCore
import KioskGraphics
import KioskText
import Testing

/// A font file is opened once, whatever the sizes it is set at; every distinct size is a
/// size of that face, and the sizes and files kept open are bounded in bytes like glyphs.
/// A layout outlives its faces' eviction.
@Suite("Face cache")
struct FaceCacheTests {
    @Test("Text at hundreds of sizes keeps the open faces under their byte bound")
    func boundedBySize() throws {
        let small = try FontLibrary(faceCacheBytes: 2 << 20)
        var peak = 0, files = 0, sizes = 0
        for step in 0..<300 {
            let size = 8 + Double(step) * 0.25
            _ = try small.layout(RichText("Size 按钮 ปุ่ม", style: TextStyle(size: size)))
            peak = max(peak, small.faceCacheUsage.bytes)
            files = max(files, small.faceCacheUsage.faces)
            sizes = max(sizes, small.faceCacheUsage.sizes)
        }
        let usage = small.faceCacheUsage
        #expect(peak <= usage.limit)
        #expect(usage.bytes > 0)
        // Each size is a size of each family's regular file: one face per file, and of the
        // 1200 sizes (four families) only some stay.
        #expect(files <= small.families.count)
        #expect(sizes > files && sizes < 1200, "\(sizes) sizes")
    }

    @Test("Sizes of one file share its face; their bytes grow by a size's, not a face's")
    func sizesShareTheFile() throws {
        let dejaVu = try #require(library.registeredFiles.first { $0.family == "DejaVu Sans" && $0.weight == .regular && !$0.italic })
        let single = try FontLibrary(files: [dejaVu])
        _ = try single.layout(RichText("Aa", style: TextStyle(size: 12)))
        let one = single.faceCacheUsage
        for size in stride(from: 13.0, through: 60, by: 1) { _ = try single.layout(RichText("Aa", style: TextStyle(size: size))) }
        let many = single.faceCacheUsage
        #expect(one.faces == 1 && one.sizes == 1)
        #expect(many.faces == 1 && many.sizes == 49)
        // Each further size costs a small part of what the file's face does.
        #expect((many.bytes - one.bytes) / 48 * 4 < one.bytes, "\(one.bytes) then \(many.bytes)")
        let usage = single.cacheUsage
        #expect(usage.contains(CacheUsage(name: "faces", entries: 1, bytes: many.bytes)))
        #expect(usage.contains(CacheUsage(name: "face_sizes", entries: 49)))
    }

    @Test("Evicting a file's last size closes the file; the bound holds for files and sizes together")
    func filesLeaveWithTheirSizes() throws {
        let small = try FontLibrary(faceCacheBytes: 1)
        _ = try small.layout(RichText("A 按", style: TextStyle(size: 20)))
        _ = try small.layout(RichText("A", style: TextStyle(family: "DejaVu Sans", size: 21)))
        // Alone over the bound, the newest face is kept; the other files' sizes are gone.
        #expect(small.faceCacheUsage.faces == 1 && small.faceCacheUsage.sizes == 1)
        let roomy = try FontLibrary(faceCacheBytes: 8 << 20)
        for size in stride(from: 10.0, to: 20, by: 1) { _ = try roomy.layout(RichText("A 按", style: TextStyle(size: size))) }
        let before = roomy.faceCacheUsage
        let tight = try FontLibrary(faceCacheBytes: before.bytes - 1)
        for size in stride(from: 10.0, to: 20, by: 1) { _ = try tight.layout(RichText("A 按", style: TextStyle(size: size))) }
        let after = tight.faceCacheUsage
        #expect(after.bytes <= after.limit)
        #expect(after.sizes < before.sizes)
        #expect(after.faces <= before.faces)
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
