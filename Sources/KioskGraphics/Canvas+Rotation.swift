import CPixman

/// Copies between the UI's orientation and the panel's: planes often cannot rotate, so the
/// shadow canvas (UI orientation) is turned in software while its damage is copied out.
extension Canvas {
    /// Copies `rect` of `source` (UI coordinates) into this canvas (panel coordinates) turned
    /// clockwise by `quarterTurns` × 90° (`ScreenRotation.degrees / 90`): at one turn the
    /// UI's top edge lies along the panel's right edge. Pixels are replaced, converting the
    /// format; nothing is interpolated. Both canvases are screen-sized, with origin (0, 0).
    public func copy(from source: Canvas, rect: PixelRect, quarterTurns: Int) {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return copy(from: source, rect: rect) }
        let ui = rect.intersection(source.bounds)
        let target = deviceRect(Canvas.panelRect(ui, uiSize: source.size, quarterTurns: turns))
        guard !target.isEmpty else { return }
        let pw = Int32(width) << 16, ph = Int32(height) << 16, one: pixman_fixed_t = 1 << 16
        // Panel pixel centre -> UI position (the inverse of the turn).
        var t = pixman_transform_t()
        switch turns {
        case 1:
            t.matrix.0 = (0, one, 0); t.matrix.1 = (-one, 0, pw)
        case 2:
            t.matrix.0 = (-one, 0, pw); t.matrix.1 = (0, -one, ph)
        default:
            t.matrix.0 = (0, -one, ph); t.matrix.1 = (one, 0, 0)
        }
        t.matrix.2 = (0, 0, one)
        pixman_image_set_transform(source.pixmanImage, &t)
        defer { pixman_image_set_transform(source.pixmanImage, nil) }
        pixman_image_composite32(PIXMAN_OP_SRC, source.pixmanImage, nil, pixmanImage,
                                 Int32(target.x), Int32(target.y), 0, 0, Int32(target.x), Int32(target.y),
                                 Int32(target.width), Int32(target.height))
    }

    /// Where UI rectangle `rect` lands on the panel after `quarterTurns` clockwise turns, for a
    /// UI of `uiSize` (the panel is that size with the axes swapped at odd turns).
    public static func panelRect(_ rect: PixelRect, uiSize: Size, quarterTurns: Int) -> PixelRect {
        let w = Int(uiSize.width), h = Int(uiSize.height)
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: return PixelRect(x: h - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case 2: return PixelRect(x: w - rect.maxX, y: h - rect.maxY, width: rect.width, height: rect.height)
        case 3: return PixelRect(x: rect.y, y: w - rect.maxX, width: rect.height, height: rect.width)
        default: return rect
        }
    }
}
