import Testing
@testable import KioskText

/// The glyph cache keeps what was used last when it has to make room.
@Suite("Glyph cache")
struct GlyphCacheTests {
    func key(_ glyph: UInt32) -> GlyphCache.Key { GlyphCache.Key(face: 0, size: 20 * 64, glyph: glyph, phase: 0) }

    @Test("Going over the limit evicts the least recently used glyphs, down to three quarters")
    func evictsLeastRecentlyUsed() {
        let blank = RenderedGlyph(mask: nil, left: 0, top: 0)  // 64 bytes each
        let cache = GlyphCache(byteLimit: 4 * 64)
        var rendered: [UInt32] = []
        func use(_ glyph: UInt32) { _ = cache.glyph(key(glyph)) { rendered.append(glyph); return blank } }
        for glyph: UInt32 in [1, 2, 3, 4] { use(glyph) }
        use(1)
        #expect(rendered == [1, 2, 3, 4], "a hit renders nothing")
        use(5)
        #expect(cache.byteCount <= 3 * 64 && cache.count == 2)
        rendered = []
        use(1)
        use(5)
        #expect(rendered.isEmpty, "the glyph used last and the new one stay")
        use(2)
        #expect(rendered == [2], "the oldest went")
    }
}
