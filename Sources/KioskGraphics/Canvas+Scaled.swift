import CPixman

/// Scaled sub-trees (a pressed button shrinking to 95%): the sub-tree is drawn unscaled into
/// an ARGB layer at its usual coordinates, and the layer is composited scaled about a point
/// with bilinear filtering.
extension Canvas {
    /// Draws what `body` draws (clipped to `clip`) scaled by `scale` about `anchor`.
    /// With a `cacheKey`, the layer `body` drew is kept and `body` is not called again
    /// for that key while `clip` stays the same: for a sub-tree that does not change while
    /// it is scaled. `invalidateLayer(for:)` forgets it.
    public func drawScaled(by scale: Double, about anchor: Point, clip: PixelRect,
                           cacheKey: AnyHashable? = nil, _ body: (Canvas) -> Void) {
        guard scale > 0, scale.isFinite, !clip.isEmpty else { return }
        if scale == 1 {
            withClip(clip) { body(self) }
            return
        }
        guard let layer = layer(for: clip, cacheKey: cacheKey, body) else { return }

        let scaled = Rect(x: anchor.x + (Double(clip.x) - anchor.x) * scale,
                          y: anchor.y + (Double(clip.y) - anchor.y) * scale,
                          width: Double(clip.width) * scale, height: Double(clip.height) * scale)
        let target = deviceRect(scaled.enclosingPixels)
        guard !target.isEmpty else { return }

        // pixman maps destination pixel centres (in our device space) to layer pixels.
        func fixed(_ v: Double) -> pixman_fixed_t { pixman_fixed_t((v * 65536).rounded()) }
        let inverse = 1 / scale
        let tx = (Double(origin.x) - anchor.x) * inverse + anchor.x - Double(clip.x)
        let ty = (Double(origin.y) - anchor.y) * inverse + anchor.y - Double(clip.y)
        var transform = pixman_transform_t()
        transform.matrix.0 = (fixed(inverse), 0, fixed(tx))
        transform.matrix.1 = (0, fixed(inverse), fixed(ty))
        transform.matrix.2 = (0, 0, 65536)
        pixman_image_set_transform(layer.pixmanImage, &transform)
        pixman_image_set_filter(layer.pixmanImage, PIXMAN_FILTER_BILINEAR, nil, 0)
        defer {
            pixman_image_set_transform(layer.pixmanImage, nil)
            pixman_image_set_filter(layer.pixmanImage, PIXMAN_FILTER_NEAREST, nil, 0)
        }
        pixman_image_composite32(PIXMAN_OP_OVER, layer.pixmanImage, nil, pixmanImage,
                                 Int32(target.x), Int32(target.y), 0, 0, Int32(target.x), Int32(target.y),
                                 Int32(target.width), Int32(target.height))
    }

    /// Forgets the layer kept for `cacheKey` (its sub-tree changed).
    public func invalidateLayer(for cacheKey: AnyHashable) {
        layerCache.removeValue(forKey: cacheKey)
    }

    private func layer(for clip: PixelRect, cacheKey: AnyHashable?, _ body: (Canvas) -> Void) -> Canvas? {
        if let cacheKey, let cached = layerCache[cacheKey], cached.bounds == clip { return cached }
        guard let layer = try? Canvas(layer: clip, format: .argb8888) else { return nil }
        body(layer)
        if let cacheKey {
            if layerCache.count >= Canvas.layerCacheCapacity, let any = layerCache.keys.first {
                layerCache.removeValue(forKey: any)
            }
            layerCache[cacheKey] = layer
        }
        return layer
    }

    static let layerCacheCapacity = 16
}
