import CPixman

/// Scaled sub-trees (a pressed button shrinking to 95%): the sub-tree is drawn unscaled into
/// an ARGB layer at its usual coordinates, and the layer is composited scaled about a point
/// with bilinear filtering.
extension Canvas {
    /// Draws what `body` draws (clipped to `clip`) scaled by `scale` about `anchor`.
    ///
    /// With a `cacheKey` the layer is kept while `clip` stays the same, and `body` is not
    /// called again: for a sub-tree that does not change while it is scaled;
    /// `invalidateLayer(for:)` forgets it. Once the same scale and anchor come twice in a
    /// row (the press animation has settled), the scaled picture is kept too and blitted,
    /// its opaque core copied and only its rim blended; while they change every frame it is
    /// composited straight from the layer.
    public func drawScaled(by scale: Double, about anchor: Point, clip: PixelRect,
                           cacheKey: AnyHashable? = nil, _ body: (Canvas) -> Void) {
        guard scale > 0, scale.isFinite, anchor.x.isFinite, anchor.y.isFinite, !clip.isEmpty else { return }
        if scale == 1 {
            withClip(clip) { body(self) }
            return
        }
        guard let cacheKey else {
            if let layer = try? Canvas(layer: clip, format: .argb8888) {
                body(layer)
                composite(layer, scaledBy: scale, about: anchor, into: self)
            }
            return
        }
        var entry: ScaledLayer
        if let cached = layerCache[cacheKey], cached.layer.bounds == clip {
            entry = cached
        } else {
            guard let layer = try? Canvas(layer: clip, format: .argb8888) else { return }
            body(layer)
            entry = ScaledLayer(layer: layer)
        }
        let settled = entry.lastScale == scale && entry.lastAnchor == anchor
        if settled, entry.scaled?.scale != scale || entry.scaled?.anchor != anchor {
            let target = Self.scaledRect(clip, by: scale, about: anchor).enclosingPixels
            if let scaled = try? Canvas(layer: target, format: .argb8888) {
                composite(entry.layer, scaledBy: scale, about: anchor, into: scaled)
                entry.scaled = (scale, anchor, scaled, scaled.opaqueCore())
            }
        }
        entry.lastScale = scale
        entry.lastAnchor = anchor
        if layerCache[cacheKey] == nil, layerCache.count >= Canvas.layerCacheCapacity, let any = layerCache.keys.first {
            layerCache.removeValue(forKey: any)
        }
        layerCache[cacheKey] = entry
        if let scaled = entry.scaled, scaled.scale == scale, scaled.anchor == anchor {
            blit(scaled.canvas, opaque: scaled.opaque)
        } else {
            composite(entry.layer, scaledBy: scale, about: anchor, into: self)
        }
    }

    /// Forgets the layer kept for `cacheKey` (its sub-tree changed).
    public func invalidateLayer(for cacheKey: AnyHashable) {
        layerCache.removeValue(forKey: cacheKey)
    }

    static let layerCacheCapacity = 16

    private static func scaledRect(_ r: PixelRect, by scale: Double, about anchor: Point) -> Rect {
        Rect(x: anchor.x + (Double(r.x) - anchor.x) * scale, y: anchor.y + (Double(r.y) - anchor.y) * scale,
             width: Double(r.width) * scale, height: Double(r.height) * scale)
    }

    /// Composites `layer` scaled about `anchor` into `destination` (OVER, bilinear).
    private func composite(_ layer: Canvas, scaledBy scale: Double, about anchor: Point, into destination: Canvas) {
        let target = destination.deviceRect(Self.scaledRect(layer.bounds, by: scale, about: anchor).enclosingPixels)
        guard !target.isEmpty else { return }
        // pixman maps destination pixel centres (destination device space) to layer pixels.
        let inverse = 1 / scale
        let tx = (Double(destination.origin.x) - anchor.x) * inverse + anchor.x - Double(layer.origin.x)
        let ty = (Double(destination.origin.y) - anchor.y) * inverse + anchor.y - Double(layer.origin.y)
        var transform = pixman_transform_t()
        transform.matrix.0 = (pixmanFixed(inverse), 0, pixmanFixed(tx))
        transform.matrix.1 = (0, pixmanFixed(inverse), pixmanFixed(ty))
        transform.matrix.2 = (0, 0, 65536)
        pixman_image_set_transform(layer.pixmanImage, &transform)
        pixman_image_set_filter(layer.pixmanImage, PIXMAN_FILTER_BILINEAR, nil, 0)
        defer {
            pixman_image_set_transform(layer.pixmanImage, nil)
            pixman_image_set_filter(layer.pixmanImage, PIXMAN_FILTER_NEAREST, nil, 0)
        }
        pixman_image_composite32(PIXMAN_OP_OVER, layer.pixmanImage, nil, destination.pixmanImage,
                                 Int32(target.x), Int32(target.y), 0, 0, Int32(target.x), Int32(target.y),
                                 Int32(target.width), Int32(target.height))
    }

    /// Draws an ARGB layer at its own position: `opaque` rectangles are copied, the rest blended.
    private func blit(_ layer: Canvas, opaque: [PixelRect]) {
        var rim = Region(layer.bounds)
        for r in opaque {
            copy(from: layer, rect: r)
            rim = rim.subtracting(r)
        }
        for r in rim.rects { draw(layer, sourceRect: r, at: (r.x, r.y)) }
    }

    /// Up to three fully opaque rectangles (logical) covering most of an ARGB canvas's opaque
    /// middle, shaped like a plus for rounded content: the band through the centre row,
    /// then the widest spans above and below it while they stay at least half as wide.
    func opaqueCore() -> [PixelRect] {
        func run(_ y: Int) -> (Int, Int) {
            let row = (baseAddress + y * pitch).assumingMemoryBound(to: UInt32.self)
            var best = (0, 0), start = -1
            for x in 0...width {
                let opaque = x < width && row[x] >> 24 == 0xFF
                if opaque, start < 0 { start = x }
                if !opaque, start >= 0 {
                    if x - start > best.1 - best.0 { best = (start, x) }
                    start = -1
                }
            }
            return best
        }
        let runs = (0..<height).map(run)
        let centre = height / 2
        let (a, b) = runs[centre]
        guard b > a else { return [] }
        var top = centre, bottom = centre + 1
        while top > 0, runs[top - 1].0 <= a, runs[top - 1].1 >= b { top -= 1 }
        while bottom < height, runs[bottom].0 <= a, runs[bottom].1 >= b { bottom += 1 }
        var rects = [PixelRect(x: a, y: top, width: b - a, height: bottom - top)]
        func band(_ rows: [Int]) -> PixelRect? {
            var span = (Int.min, Int.max), used: [Int] = []
            for y in rows {
                let s = (max(span.0, runs[y].0), min(span.1, runs[y].1))
                guard 2 * (s.1 - s.0) >= b - a else { break }
                span = s
                used.append(y)
            }
            guard let first = used.min(), let last = used.max() else { return nil }
            return PixelRect(x: span.0, y: first, width: span.1 - span.0, height: last - first + 1)
        }
        if let above = band(Array((0..<top).reversed())) { rects.append(above) }
        if let below = band(Array(bottom..<height)) { rects.append(below) }
        return rects.map { PixelRect(x: $0.x + origin.x, y: $0.y + origin.y, width: $0.width, height: $0.height) }
    }
}

/// A layer kept for `drawScaled`, with its last scaled picture.
struct ScaledLayer {
    let layer: Canvas
    /// The scale and anchor of the last draw: a repeat means the picture is worth keeping.
    var lastScale: Double?
    var lastAnchor: Point?
    var scaled: (scale: Double, anchor: Point, canvas: Canvas, opaque: [PixelRect])?
}
