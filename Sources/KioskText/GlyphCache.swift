import KioskGraphics

/// A rendered glyph: its coverage and where the mask's top-left sits relative to the pen
/// (x right, y up from the baseline). Blank glyphs (spaces) have no mask.
struct RenderedGlyph {
    var mask: AlphaMask?
    var left: Int
    var top: Int

    /// What the glyph costs the cache: the mask's bytes plus the entry itself.
    var byteCost: Int { (mask.map { $0.pitch * $0.height } ?? 0) + 64 }
}

/// Rendered glyphs, bounded in bytes, least recently used first out. A hit only stamps its
/// entry with a use counter (a linked list reordered on every hit cost a tenth of drawing a
/// paragraph); going over the limit evicts the oldest stamps down to three quarters of it,
/// so the sort that finds them runs rarely. Not locked: the font library serialises access.
final class GlyphCache {
    struct Key: Hashable {
        /// The face file and its synthetic styling, as the library numbers them.
        var face: Int32
        /// Pixel size in 26.6.
        var size: Int32
        var glyph: UInt32
        /// Subpixel x position in quarter pixels (0...3).
        var phase: UInt8

        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(UInt32(bitPattern: face)) << 32 | UInt64(UInt32(bitPattern: size)))
            hasher.combine(UInt64(glyph) << 8 | UInt64(phase))
        }
    }

    private struct Entry {
        var glyph: RenderedGlyph
        var lastUse: UInt64
    }

    let byteLimit: Int
    private(set) var byteCount = 0
    private var entries: [Key: Entry] = [:]
    private var uses: UInt64 = 0

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    var count: Int { entries.count }

    func glyph(_ key: Key, render: () -> RenderedGlyph) -> RenderedGlyph {
        uses += 1
        if let index = entries.index(forKey: key) {
            entries.values[index].lastUse = uses
            return entries.values[index].glyph
        }
        let glyph = render()
        // A glyph bigger than the whole cache is drawn but not kept.
        guard glyph.byteCost <= byteLimit else { return glyph }
        byteCount += glyph.byteCost
        if byteCount > byteLimit { evictOldest(keeping: byteLimit * 3 / 4 - glyph.byteCost) }
        entries[key] = Entry(glyph: glyph, lastUse: uses)
        return glyph
    }

    /// Evicts the least recently used glyphs until at most `bytes` remain.
    private func evictOldest(keeping bytes: Int) {
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard byteCount > bytes else { break }
            byteCount -= entry.glyph.byteCost
            entries[key] = nil
        }
    }
}
