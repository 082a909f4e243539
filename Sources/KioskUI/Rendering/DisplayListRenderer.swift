import KioskGraphics

/// Draws display lists on a canvas, only inside a damage region.
final class DisplayListRenderer {
    let textEngine: TextEngine

    init(textEngine: TextEngine) { self.textEngine = textEngine }

    /// Repaints `damage`: the background, then every operation that reaches into it.
    /// Many small rectangles are merged into their bounds (one pass beats many).
    func render(_ list: DisplayList, on canvas: Canvas, damage: Region, background: Color) {
        let rects = damage.rects.count > 8 ? [damage.bounds] : damage.rects
        guard !rects.isEmpty else { return }
        let bounds = list.items.map(\.op.bounds)
        for rect in rects {
            canvas.withClip(rect) {
                canvas.fill(rect, color: background)
                for (index, item) in list.items.enumerated() where !bounds[index].intersection(rect).isEmpty {
                    draw(item.op, on: canvas)
                }
            }
        }
    }

    func draw(_ op: DrawOp, on canvas: Canvas) {
        switch op {
        case let .fill(shape, rect, paint, opacity, shadow):
            canvas.fill(shape, in: rect, paint: paint, opacity: opacity, shadow: shadow)
        case let .border(shape, rect, lineWidth, paint, opacity):
            canvas.strokeBorder(shape, in: rect, lineWidth: lineWidth, paint: paint, opacity: opacity)
        case let .text(text, rect):
            textEngine.draw(text, in: rect, on: canvas)
        case let .image(image, rect, opacity):
            canvas.draw(image.canvas, in: rect, opacity: opacity)
        case let .scaled(scale, anchor, ops):
            // The unscaled picture is kept while the operations stay the same, so each
            // frame of a press animation only rescales it.
            canvas.drawScaled(by: scale, about: anchor, clip: DrawOp.bounds(of: ops), cacheKey: AnyHashable(ops)) { layer in
                for op in ops { draw(op, on: layer) }
            }
        }
    }
}
