import KioskCore

/// A shape's coverage split the way it is cheapest to draw: boxes of uniform coverage
/// (the opaque interior, and one-pixel rows and columns along straight edges that cross
/// pixels) and small masks of exact coverage at the rounded corners. Made once per outline
/// (size, radii, sub-pixel position, border width) and cached; immutable afterwards.
final class ShapeRaster: @unchecked Sendable {
    /// Boxes relative to the raster's top-left pixel, with coverage 1...255.
    let boxes: [(rect: PixelRect, coverage: UInt8)]
    /// Corner masks relative to the raster's top-left pixel.
    let masks: [(x: Int, y: Int, mask: AlphaMask)]

    /// The fully covered boxes: what an opaque fill hides.
    let fullBoxes: [PixelRect]

    private init(boxes: [(rect: PixelRect, coverage: UInt8)], masks: [(x: Int, y: Int, mask: AlphaMask)]) {
        self.boxes = boxes
        self.masks = masks
        fullBoxes = boxes.filter { $0.coverage == 255 }.map(\.rect)
    }

    struct Key: Hashable, Sendable {
        /// The outline moved so that its top-left lies in pixel (0, 0).
        var outline: RoundedRect
        /// Zero for a fill; else the width of a border inside the outline.
        var border: Double
    }

    /// Every outline a few screens draw; bounded in bytes too, since a big outline's corner masks are big.
    private static let cache = LRUCache<Key, ShapeRaster>(capacity: 256, byteLimit: 4 << 20) { $0.byteCost }

    /// What the cache keeps (`kiosk ctl stats`).
    static var cacheUsage: CacheUsage { CacheUsage(name: "shapes", entries: cache.count, bytes: cache.bytes) }

    /// What the raster costs the cache: its masks' bytes, its boxes and the entry itself.
    var byteCost: Int { masks.reduce(64 + boxes.count * 24) { $0 + $1.mask.pitch * $1.mask.height } }

    /// The raster of `outline` (filled, or as a border of `border` width when > 0) and the
    /// pixel where its top-left goes.
    static func raster(for outline: RoundedRect, border: Double) -> (raster: ShapeRaster, x: Int, y: Int) {
        let x = Int(outline.minX.rounded(.down)), y = Int(outline.minY.rounded(.down))
        let key = Key(outline: outline.offsetBy(dx: -Double(x), dy: -Double(y)), border: border)
        return (cache.value(for: key) { make(key) }, x, y)
    }

    private static func make(_ key: Key) -> ShapeRaster {
        let outer = key.outline
        let inner = key.border > 0 ? outer.inset(by: key.border) : nil
        let isBorder = key.border > 0
        func coverage(_ px: Int, _ py: Int) -> UInt8 {
            var c = outer.coverage(px: px, py: py)
            if isBorder, let inner { c -= inner.coverage(px: px, py: py) }
            return UInt8((min(max(c, 0), 1) * 255).rounded())
        }
        let width = Int(outer.maxX.rounded(.up)), height = Int(outer.maxY.rounded(.up))
        guard width > 0, height > 0 else { return ShapeRaster(boxes: [], masks: []) }

        // Corner squares, grown to whole pixels: inside them the arcs need per-pixel coverage.
        func ceilI(_ v: Double) -> Int { Int(v.rounded(.up)) }
        func floorI(_ v: Double) -> Int { Int(v.rounded(.down)) }
        var patches: [PixelRect] = []
        if outer.topLeft > 0 {
            patches.append(PixelRect(x: 0, y: 0, width: ceilI(outer.minX + outer.topLeft), height: ceilI(outer.minY + outer.topLeft)))
        }
        if outer.topRight > 0 {
            let x = floorI(outer.maxX - outer.topRight)
            patches.append(PixelRect(x: x, y: 0, width: width - x, height: ceilI(outer.minY + outer.topRight)))
        }
        if outer.bottomLeft > 0 {
            let y = floorI(outer.maxY - outer.bottomLeft)
            patches.append(PixelRect(x: 0, y: y, width: ceilI(outer.minX + outer.bottomLeft), height: height - y))
        }
        if outer.bottomRight > 0 {
            let x = floorI(outer.maxX - outer.bottomRight), y = floorI(outer.maxY - outer.bottomRight)
            patches.append(PixelRect(x: x, y: y, width: width - x, height: height - y))
        }
        let overlapping = patches.indices.contains { i in
            patches[(i + 1)...].contains { !$0.intersection(patches[i]).isEmpty }
        }
        if overlapping {
            // Small shapes whose corners meet inside a pixel: one mask for everything.
            let all = mask(PixelRect(x: 0, y: 0, width: width, height: height), coverage)
            return ShapeRaster(boxes: [], masks: all.map { [(0, 0, $0)] } ?? [])
        }

        // Outside the corner squares the outline is straight, so coverage is constant
        // between the pixel columns and rows where an edge or a corner square begins or ends.
        var xs: Set<Int> = [0, width], ys: Set<Int> = [0, height]
        var vertical = [outer.minX, outer.maxX], horizontal = [outer.minY, outer.maxY]
        if isBorder, let inner {
            vertical += [inner.minX, inner.maxX]
            horizontal += [inner.minY, inner.maxY]
        }
        for v in vertical { xs.insert(floorI(v)); xs.insert(ceilI(v)) }
        for v in horizontal { ys.insert(floorI(v)); ys.insert(ceilI(v)) }
        for p in patches { xs.insert(p.x); xs.insert(p.maxX); ys.insert(p.y); ys.insert(p.maxY) }
        let columns = xs.filter { $0 >= 0 && $0 <= width }.sorted()
        let rows = ys.filter { $0 >= 0 && $0 <= height }.sorted()

        var boxes: [(rect: PixelRect, coverage: UInt8)] = []
        for (y0, y1) in zip(rows, rows.dropFirst()) {
            var run: (x0: Int, x1: Int, coverage: UInt8)?
            for (x0, x1) in zip(columns, columns.dropFirst()) {
                let inPatch = patches.contains { x0 >= $0.x && x0 < $0.maxX && y0 >= $0.y && y0 < $0.maxY }
                let c: UInt8 = inPatch ? 0 : coverage(x0, y0)
                if let r = run, r.coverage == c, r.x1 == x0 {
                    run = (r.x0, x1, c)
                    continue
                }
                if let r = run, r.coverage > 0 {
                    boxes.append((PixelRect(x: r.x0, y: y0, width: r.x1 - r.x0, height: y1 - y0), r.coverage))
                }
                run = (x0, x1, c)
            }
            if let r = run, r.coverage > 0 {
                boxes.append((PixelRect(x: r.x0, y: y0, width: r.x1 - r.x0, height: y1 - y0), r.coverage))
            }
        }
        let masks = patches.compactMap { p in mask(p, coverage).map { (x: p.x, y: p.y, mask: $0) } }
        return ShapeRaster(boxes: mergedVertically(boxes), masks: masks)
    }

    /// Joins boxes that sit on top of each other with the same columns and coverage.
    private static func mergedVertically(_ boxes: [(rect: PixelRect, coverage: UInt8)]) -> [(rect: PixelRect, coverage: UInt8)] {
        var result: [(rect: PixelRect, coverage: UInt8)] = []
        for box in boxes {
            if let i = result.firstIndex(where: { $0.coverage == box.coverage && $0.rect.x == box.rect.x
                    && $0.rect.width == box.rect.width && $0.rect.maxY == box.rect.y }) {
                result[i].rect.height += box.rect.height
            } else {
                result.append(box)
            }
        }
        return result
    }

    /// Nil for an empty rectangle, or when memory runs out (the corner is then not drawn).
    private static func mask(_ rect: PixelRect, _ coverage: (Int, Int) -> UInt8) -> AlphaMask? {
        guard let mask = try? AlphaMask(width: rect.width, height: rect.height) else { return nil }
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                mask.baseAddress[y * mask.pitch + x] = coverage(rect.x + x, rect.y + y)
            }
        }
        return mask
    }
}
