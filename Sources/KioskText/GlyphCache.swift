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

/// Rendered glyphs, bounded in bytes, least recently used first out. Not locked: the font
/// library serialises access.
final class GlyphCache {
    struct Key: Hashable {
        /// The face file and its synthetic styling, as the library numbers them.
        var face: Int32
        /// Pixel size in 26.6.
        var size: Int32
        var glyph: UInt32
        /// Subpixel x position in quarter pixels (0...3).
        var phase: UInt8
    }

    private struct Entry {
        var key: Key
        var glyph: RenderedGlyph
        var previous: Int
        var next: Int
    }

    let byteLimit: Int
    private(set) var byteCount = 0
    private var slots: [Key: Int] = [:]
    private var entries: [Entry] = []
    private var free: [Int] = []
    /// Most recently used at `head`, least at `tail`; -1 is none.
    private var head = -1, tail = -1

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    var count: Int { slots.count }

    func glyph(_ key: Key, render: () -> RenderedGlyph) -> RenderedGlyph {
        if let slot = slots[key] {
            moveToFront(slot)
            return entries[slot].glyph
        }
        let glyph = render()
        // A glyph bigger than the whole cache is drawn but not kept.
        guard glyph.byteCost <= byteLimit else { return glyph }
        byteCount += glyph.byteCost
        while byteCount > byteLimit, tail >= 0 { evict(tail) }
        let entry = Entry(key: key, glyph: glyph, previous: -1, next: head)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            entries[slot] = entry
        } else {
            slot = entries.count
            entries.append(entry)
        }
        if head >= 0 { entries[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
        slots[key] = slot
        return glyph
    }

    private func unlink(_ slot: Int) {
        let (previous, next) = (entries[slot].previous, entries[slot].next)
        if previous >= 0 { entries[previous].next = next } else { head = next }
        if next >= 0 { entries[next].previous = previous } else { tail = previous }
    }

    private func moveToFront(_ slot: Int) {
        guard slot != head else { return }
        unlink(slot)
        entries[slot].previous = -1
        entries[slot].next = head
        if head >= 0 { entries[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
    }

    private func evict(_ slot: Int) {
        unlink(slot)
        byteCount -= entries[slot].glyph.byteCost
        slots[entries[slot].key] = nil
        entries[slot].glyph = RenderedGlyph(mask: nil, left: 0, top: 0)
        free.append(slot)
    }
}
