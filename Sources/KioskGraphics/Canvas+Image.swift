import CPixman

/// Images (PNG icons) drawn into a rectangle of any size.
extension Canvas {
    /// Blends (OVER) `image` stretched to fill `rect`, with bilinear filtering when the size
    /// changes; at its own size and a whole-pixel position it is a plain blit. Edge pixels
    /// repeat outwards rather than fading into transparency, so a stretched icon keeps crisp
    /// edges on whole pixels.
    public func draw(_ image: Canvas, in rect: Rect, opacity: Double = 1) {
        guard opacity > 0, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
              !rect.isEmpty else { return }
        let sx = rect.width / Double(image.width), sy = rect.height / Double(image.height)
        if sx == 1, sy == 1, rect.minX == rect.minX.rounded(), rect.minY == rect.minY.rounded() {
            return draw(image, at: (Int(rect.minX), Int(rect.minY)), opacity: opacity)
        }
        let target = deviceRect(rect.enclosingPixels)
        guard !target.isEmpty else { return }
        // Destination pixel centres (device space) to image pixels.
        var transform = pixman_transform_t()
        transform.matrix.0 = (pixmanFixed(1 / sx), 0, pixmanFixed((Double(origin.x) - rect.minX) / sx))
        transform.matrix.1 = (0, pixmanFixed(1 / sy), pixmanFixed((Double(origin.y) - rect.minY) / sy))
        transform.matrix.2 = (0, 0, 65536)
        pixman_image_set_transform(image.pixmanImage, &transform)
        pixman_image_set_filter(image.pixmanImage, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(image.pixmanImage, PIXMAN_REPEAT_PAD)
        defer {
            pixman_image_set_repeat(image.pixmanImage, PIXMAN_REPEAT_NONE)
            pixman_image_set_transform(image.pixmanImage, nil)
            pixman_image_set_filter(image.pixmanImage, PIXMAN_FILTER_NEAREST, nil, 0)
        }
        let mask = opacity < 1 ? solids.image(PixelColor(red: 0, green: 0, blue: 0, alpha: opacity).pixmanColor) : nil
        pixman_image_composite32(PIXMAN_OP_OVER, image.pixmanImage, mask, pixmanImage,
                                 Int32(target.x), Int32(target.y), 0, 0, Int32(target.x), Int32(target.y),
                                 Int32(target.width), Int32(target.height))
    }
}
