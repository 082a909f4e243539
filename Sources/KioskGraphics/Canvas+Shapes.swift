import CPixman

/// Antialiased shapes: opaque interiors become plain box fills, straight edges that cross
/// pixels become one-pixel boxes of uniform coverage, and only the corners are composited
/// through coverage masks (see `ShapeRaster`).
extension Canvas {
    /// Fills `shape` fitted to `rect`, optionally over a soft `shadow`.
    public func fill(_ shape: Shape, in rect: Rect, color: PixelColor, opacity: Double = 1, shadow: Shadow? = nil) {
        fill(shape, in: rect, paint: .color(color), opacity: opacity, shadow: shadow)
    }

    /// Fills `shape` fitted to `rect` with `paint` at `opacity`, optionally over a soft
    /// `shadow`. Shadow pixels that the (opaque) shape covers are not drawn at all.
    public func fill(_ shape: Shape, in rect: Rect, paint: Paint, opacity: Double = 1, shadow: Shadow? = nil) {
        guard opacity > 0, let outline = deviceOutline(shape, rect, reach: shadow?.reach ?? 0) else { return }
        let placed = ShapeRaster.raster(for: outline, border: 0)
        if let shadow, shadow.isDrawable {
            let hidden = paint.isOpaque && opacity >= 1
                ? placed.raster.fullBoxes.map { PixelRect(x: $0.x + placed.x, y: $0.y + placed.y, width: $0.width, height: $0.height) }
                : []
            drawShadow(of: outline, shadow, opacity: opacity, hiddenBehind: hidden)
        }
        draw(placed, paint: paint, opacity: opacity, paintRect: outline.bounds)
    }

    /// Fills `shape` fitted to `rect` inside each of `clips`, disjoint rectangles within the
    /// clip, working out its coverage once: the strips and corners a moved shape changes
    /// are drawn in one call rather than one per rectangle.
    public func fill(_ shape: Shape, in rect: Rect, paint: Paint, opacity: Double = 1, within clips: [PixelRect]) {
        guard opacity > 0, let outline = deviceOutline(shape, rect) else { return }
        // Rectangles inside the clip of a canvas at the origin are device rectangles already.
        let isDevice = origin == (0, 0) && clips.allSatisfy { clip.contains($0) }
        draw(ShapeRaster.raster(for: outline, border: 0), paint: paint, opacity: opacity, paintRect: outline.bounds,
             clips: isDevice ? clips : clips.map(deviceRect))
    }

    /// Draws `shape` fitted to `rect` as a border `lineWidth` wide running inside its edge
    /// (SwiftUI's `strokeBorder`).
    public func strokeBorder(_ shape: Shape, in rect: Rect, lineWidth: Double, color: PixelColor, opacity: Double = 1) {
        strokeBorder(shape, in: rect, lineWidth: lineWidth, paint: .color(color), opacity: opacity)
    }

    public func strokeBorder(_ shape: Shape, in rect: Rect, lineWidth: Double, paint: Paint, opacity: Double = 1) {
        guard opacity > 0, lineWidth > 0, let outline = deviceOutline(shape, rect) else { return }
        let placed = ShapeRaster.raster(for: outline, border: lineWidth)
        draw(placed, paint: paint, opacity: opacity, paintRect: outline.bounds)
    }

    /// The outline in device coordinates, or nil when there is nothing sensible to draw
    /// (empty, not finite, absurdly large, or farther than `reach` pixels outside the clip).
    func deviceOutline(_ shape: Shape, _ rect: Rect, reach margin: Int = 0) -> RoundedRect? {
        let limit = 32767.0
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
              !rect.isEmpty, rect.width <= limit, rect.height <= limit,
              abs(rect.minX) <= limit, abs(rect.minY) <= limit else { return nil }
        let device = rect.offsetBy(dx: -Double(origin.x), dy: -Double(origin.y))
        let outline = shape.outline(in: device)
        guard !outline.isEmpty else { return nil }
        let visible = clip.intersection(bounds)
        let reach = PixelRect(x: visible.x - origin.x - margin, y: visible.y - origin.y - margin,
                              width: visible.width + 2 * margin, height: visible.height + 2 * margin)
        return outline.bounds.enclosingPixels.intersection(reach).isEmpty ? nil : outline
    }

    /// The clip in device coordinates.
    var deviceClip: PixelRect { deviceRect(bounds) }

    /// Draws the raster inside each of `clips` (device rectangles; the clip by default).
    private func draw(_ placed: (raster: ShapeRaster, x: Int, y: Int), paint: Paint, opacity: Double, paintRect: Rect,
                      clips: [PixelRect]? = nil) {
        let clipBoxes = clips ?? [deviceClip]
        let gradient = paint.gradientImage(in: paintRect, opacity: opacity)
        defer { if let gradient { pixman_image_unref(gradient) } }

        var full: [PixelRect] = []
        for box in placed.raster.boxes {
            let placedBox = PixelRect(x: box.rect.x + placed.x, y: box.rect.y + placed.y, width: box.rect.width, height: box.rect.height)
            for clipBox in clipBoxes {
                let r = placedBox.intersection(clipBox)
                guard !r.isEmpty else { continue }
                if box.coverage == 255, gradient == nil {
                    full.append(r)
                } else {
                    composite(r, paint: paint, gradient: gradient, opacity: opacity,
                              coverage: Double(box.coverage) / 255, mask: nil)
                }
            }
        }
        if case let .color(color) = paint, !full.isEmpty {
            let c = color.opacity(opacity)
            if c.alpha >= 1 {
                replace(full, with: c)
            } else {
                var pc = c.pixmanColor
                var boxes = full.map { pixman_box32_t(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
                pixman_image_fill_boxes(PIXMAN_OP_OVER, pixmanImage, &pc, Int32(boxes.count), &boxes)
            }
        }
        for m in placed.raster.masks {
            let placedMask = PixelRect(x: m.x + placed.x, y: m.y + placed.y, width: m.mask.width, height: m.mask.height)
            for clipBox in clipBoxes {
                let r = placedMask.intersection(clipBox)
                guard !r.isEmpty else { continue }
                composite(r, paint: paint, gradient: gradient, opacity: opacity, coverage: 1,
                          mask: (m.mask, r.x - placedMask.x, r.y - placedMask.y))
            }
        }
    }

    /// One pixman composite (OVER) of the paint into device rectangle `r`, through a
    /// coverage mask or, without one, at a uniform `coverage`. A colour carries the opacity
    /// itself; a gradient already has it folded into its stops.
    private func composite(_ r: PixelRect, paint: Paint, gradient: OpaquePointer?, opacity: Double,
                           coverage: Double, mask: (mask: AlphaMask, x: Int, y: Int)?) {
        var source = gradient
        var maskImage = mask?.mask.pixmanImage
        if case let .color(color) = paint {
            source = solids.image(color.opacity(opacity * coverage).pixmanColor)
        } else if mask == nil, coverage < 1 {
            maskImage = solids.image(PixelColor(red: 0, green: 0, blue: 0, alpha: coverage).pixmanColor)
        }
        pixman_image_composite32(PIXMAN_OP_OVER, source, maskImage, pixmanImage,
                                 Int32(r.x), Int32(r.y), Int32(mask?.x ?? 0), Int32(mask?.y ?? 0),
                                 Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
    }
}

extension RoundedRect {
    var bounds: Rect { Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
}
