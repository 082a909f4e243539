import KioskGraphics

/// Draws display lists on a canvas, only inside a damage region.
final class DisplayListRenderer {
    let textEngine: TextEngine
    /// How many pieces the uncovered background may be cut into before the cutting stops
    /// and the whole pass is painted: a bound on the work of subtracting.
    static let maximumBackgroundPieces = 16
    /// What starting a row of a fill costs, in pixels written: each row of each piece is
    /// its own span, so slivers pay this many times over.
    static let rowCost = 64
    /// How many rectangles a damage region is repainted in before its bounds are painted
    /// instead: each one an operation reaches draws it again.
    static let maximumPieces = 16

    /// The background's pieces while they are cut, kept from frame to frame: a frame's
    /// repaint allocates nothing for them.
    private var uncovered: [PixelRect] = [], cut: [PixelRect] = []
    /// What a repaint collects, kept the same way: the operations that reach the damage
    /// with their bounds, the pixels they cover opaquely, and the pieces one reaches.
    private var operations: [(op: DrawOp, bounds: PixelRect)] = [], covered: [PixelRect] = [], reached: [PixelRect] = []

    init(textEngine: TextEngine) { self.textEngine = textEngine }

    /// Moves the scroll views' pictures, copies moved views' pixels, then repaints `damage`.
    func render(_ list: DisplayList, on canvas: Canvas, changes: FrameChanges, background color: PixelColor) {
        for move in changes.moves { canvas.move(move.clip, dx: move.dx, dy: move.dy) }
        let offset = changes.copies.offset
        for rect in changes.copies.rects { canvas.copyPixels(into: rect, dx: offset.x, dy: offset.y) }
        render(list, on: canvas, damage: changes.damage, background: color)
    }

    /// Repaints `damage`: the background where no opaque fill will cover it, then every
    /// operation that reaches into it.
    func render(_ list: DisplayList, on canvas: Canvas, damage: Region, background color: PixelColor) {
        let pieces = Self.pieces(of: damage)
        guard pieces.count > 1 else {
            for rect in pieces { render(list, on: canvas, rect: rect, background: color) }
            return
        }
        render(list, on: canvas, pieces: pieces, background: color)
    }

    /// Repaints one rectangle.
    private func render(_ list: DisplayList, on canvas: Canvas, rect: PixelRect, background color: PixelColor) {
        collect(list, reaching: rect)
        canvas.withClip(rect) {
            fillBackground(rect, around: covered, color: color, on: canvas)
            for (op, _) in operations { draw(op, on: canvas) }
        }
    }

    /// Collects into `operations` and `covered` the items of `list` whose bounds reach into `area`.
    private func collect(_ list: DisplayList, reaching area: PixelRect) {
        operations.removeAll(keepingCapacity: true)
        covered.removeAll(keepingCapacity: true)
        for run in list.runs where !run.extent.intersection(area).isEmpty {
            for item in run.items where !item.bounds.intersection(area).isEmpty {
                operations.append((item.op, item.bounds))
                item.op.appendOpaquePixels(to: &covered)
            }
        }
    }

    /// Repaints disjoint rectangles in one walk of the list: each operation is drawn once,
    /// inside the rectangles it reaches (the strips and corners a dragged card changes, or
    /// two controls far apart).
    private func render(_ list: DisplayList, on canvas: Canvas, pieces: [PixelRect], background color: PixelColor) {
        let area = pieces.dropFirst().reduce(pieces[0]) { $0.union($1) }
        // An operation between the pieces covers none of them: its pixels cut nothing away.
        collect(list, reaching: area)
        for piece in pieces { fillBackground(piece, around: covered, color: color, on: canvas) }
        for (op, bounds) in operations {
            reached.removeAll(keepingCapacity: true)
            for piece in pieces where !piece.intersection(bounds).isEmpty { reached.append(piece) }
            guard !reached.isEmpty else { continue }
            if case let .fill(shape, rect, paint, opacity, nil) = op {
                canvas.fill(shape, in: rect, paint: paint, opacity: opacity, within: reached)
            } else {
                for rect in reached { canvas.withClip(rect) { draw(op, on: canvas) } }
            }
        }
    }

    /// Fills what of `rect` no rectangle of `covered` hides, or all of it when that is in
    /// so many pieces that filling them would cost more: slivers fill slower than one span
    /// per pixel.
    private func fillBackground(_ rect: PixelRect, around covered: [PixelRect], color: PixelColor, on canvas: Canvas) {
        uncovered.removeAll(keepingCapacity: true)
        uncovered.append(rect)
        for cover in covered where !cover.intersection(rect).isEmpty {
            cut.removeAll(keepingCapacity: true)
            for piece in uncovered { piece.subtract(cover, appendingTo: &cut) }
            swap(&uncovered, &cut)
            if uncovered.count > Self.maximumBackgroundPieces { break }
        }
        guard uncovered.count <= Self.maximumBackgroundPieces,
              Self.fillCost(uncovered) < rect.area + rect.height * Self.rowCost else {
            canvas.fill(rect, color: color)
            return
        }
        canvas.fill(uncovered, color: color)
    }

    /// The estimated cost of filling `rects`: their pixels and a start per row.
    static func fillCost(_ rects: [PixelRect]) -> Int {
        rects.reduce(0) { $0 + $1.area + $1.height * rowCost }
    }

    /// The rectangles `damage` is repainted in: its own, or their bounds when there are
    /// many, or when the bounds cost little more to fill (a view that moved by half its
    /// size), since every rectangle an operation reaches draws it again.
    static func pieces(of damage: Region) -> [PixelRect] {
        let rects = damage.rects
        guard rects.count > 1 else { return rects }
        let bounds = damage.bounds
        return rects.count > maximumPieces || 4 * fillCost([bounds]) <= 5 * fillCost(rects) ? [bounds] : rects
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
            if let move = effect.wholePixelMove, group.isOpaque {
                // Composited, an opaque picture moved by whole pixels is that picture drawn
                // moved (but for an antialiased edge a step apart where a coordinate does not
                // move exactly in floating point): drawn so, it needs no layer as large as
                // itself (a whole screen, while screens change).
                let b = group.bounds
                canvas.withClip(PixelRect(x: b.x + move.x, y: b.y + move.y, width: b.width, height: b.height)) {
                    for op in group.ops { draw(op.shifted(by: move), on: canvas) }
                }
            } else {
                canvas.drawLayer(bounds: effect.source(of: group.bounds), transform: effect.transform, blendMode: effect.blendMode,
                                 opacity: effect.opacity, mask: effect.mask.map { ($0.shape, $0.rect) },
                                 shadow: effect.shadow) { layer in
                    for op in group.ops { draw(op, on: layer) }
                }
            }
        case let .scroll(rect, offset, content):
            // Only the content that reaches the clip is moved into place and drawn: a scroll
            // frame draws the strip that came into view.
            canvas.withClip(rect) {
                let clip = canvas.clip
                let seen = PixelRect(x: clip.x + offset.x, y: clip.y + offset.y, width: clip.width, height: clip.height)
                for run in content.list.runs where !run.extent.intersection(seen).isEmpty {
                    for item in run.items where !item.bounds.intersection(seen).isEmpty {
                        draw(item.op.shifted(by: -offset), on: canvas)
                    }
                }
            }
        }
    }
}
