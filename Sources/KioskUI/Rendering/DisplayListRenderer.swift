import KioskGraphics

/// Draws display lists on a canvas, only inside a damage region.
final class DisplayListRenderer {
    let textEngine: TextEngine
    /// How many pieces the uncovered background may be cut into before the cutting stops
    /// and the whole pass is painted: a bound on the work of subtracting.
    static let maximumBackgroundPieces = 16
    /// What starting a row of a fill costs, in pixels written: each row of each piece is
    /// its own `wmemset`, so slivers pay this many times over.
    static let rowCost = 64

    init(textEngine: TextEngine) { self.textEngine = textEngine }

    /// Moves the scroll views' pictures, then repaints `damage`.
    func render(_ list: DisplayList, on canvas: Canvas, changes: FrameChanges, background color: PixelColor) {
        for move in changes.moves { canvas.move(move.clip, dx: move.dx, dy: move.dy) }
        render(list, on: canvas, damage: changes.damage, background: color)
    }

    /// Repaints `damage`: the background where no opaque fill will cover it, then every
    /// operation that reaches into it.
    func render(_ list: DisplayList, on canvas: Canvas, damage: Region, background color: PixelColor) {
        for rect in Self.passes(over: damage) {
            var operations: [DrawOp] = []
            var uncovered: Region? = Region(rect)
            for run in list.runs where !run.extent.intersection(rect).isEmpty {
                for (item, bounds) in zip(run.items, run.bounds) where !bounds.intersection(rect).isEmpty {
                    operations.append(item.op)
                    for covered in item.op.opaquePixels where uncovered != nil {
                        uncovered = uncovered?.subtracting(covered)
                        if uncovered?.rects.count ?? 0 > Self.maximumBackgroundPieces { uncovered = nil }
                    }
                }
            }
            // Slivers fill slower than one span per pixel: the pieces are painted only when
            // they cost less than the whole pass (a dragged card leaves a strip and its
            // corners uncovered, not the card's area again).
            let background = uncovered.flatMap { Self.fillCost($0.rects) < Self.fillCost([rect]) ? $0 : nil } ?? Region(rect)
            canvas.withClip(rect) {
                for piece in background.rects { canvas.fill(piece, color: color) }
                for op in operations { draw(op, on: canvas) }
            }
        }
    }

    /// The estimated cost of filling `rects`: their pixels and a start per row.
    static func fillCost(_ rects: [PixelRect]) -> Int {
        rects.reduce(0) { $0 + $1.area + $1.height * rowCost }
    }

    /// The rectangles `damage` is repainted in: its own, or their bounds when there are many
    /// or when the bounds add little to them (a moved view's old and new frames), since each
    /// pass draws every operation it reaches again.
    static func passes(over damage: Region) -> [PixelRect] {
        let rects = damage.rects
        guard rects.count > 1 else { return rects }
        let bounds = damage.bounds
        return rects.count > 8 || 4 * bounds.area <= 5 * damage.area ? [bounds] : rects
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
        case let .scaled(scale, anchor, group):
            // The unscaled picture is kept while the operations stay the same, so each
            // frame of a press animation only rescales it.
            canvas.drawScaled(by: scale, about: anchor, clip: group.bounds, cacheKey: AnyHashable(group)) { layer in
                for op in group.ops { draw(op, on: layer) }
            }
        case let .layer(effect, group):
            canvas.drawLayer(bounds: effect.source(of: group.bounds), transform: effect.transform, blendMode: effect.blendMode,
                             opacity: effect.opacity, mask: effect.mask.map { ($0.shape, $0.rect) },
                             shadow: effect.shadow) { layer in
                for op in group.ops { draw(op, on: layer) }
            }
        case let .scroll(rect, offset, content):
            // Only the content that reaches the clip is moved into place and drawn: a scroll
            // frame draws the strip that came into view.
            canvas.withClip(rect) {
                let clip = canvas.clip
                let seen = PixelRect(x: clip.x + offset.x, y: clip.y + offset.y, width: clip.width, height: clip.height)
                for run in content.list.runs where !run.extent.intersection(seen).isEmpty {
                    for (item, bounds) in zip(run.items, run.bounds) where !bounds.intersection(seen).isEmpty {
                        draw(item.op.shifted(by: -offset), on: canvas)
                    }
                }
            }
        }
    }
}
