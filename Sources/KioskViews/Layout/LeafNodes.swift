import KioskGraphics

/// Text: its measured size, never larger than offered across (it wraps, shrinks or is cut
/// instead) nor, when a height is offered, down (the lines that do not fit are cut).
final class TextNode: Node {
    private(set) var text: StyledText
    let engine: TextEngine

    init(text: StyledText, engine: TextEngine, path: String) {
        self.text = text
        self.engine = engine
        super.init(path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool {
        guard Node.adopt(&text, (new as! TextNode).text) else { return false }
        knownNaturalSize = nil
        return true
    }

    /// The text's size on one line, asked once: every proposal measures against it, and
    /// asking the engine hashes the whole text.
    private var naturalSize: Size {
        if let knownNaturalSize { return knownNaturalSize }
        let size = engine.measure(text, maxWidth: nil)
        knownNaturalSize = size
        return size
    }
    private var knownNaturalSize: Size?

    override func forgetMeasurements() {
        super.forgetMeasurements()
        knownNaturalSize = nil
    }

    /// The text wrapped to the width offered and kept to the lines that fit the height
    /// offered (at least one), the last of them cut, as SwiftUI: larger text in a fixed
    /// button keeps inside it.
    override func measure(_ proposal: ProposedSize) -> Size {
        let natural = naturalSize
        let height = proposal.height.flatMap { $0.isFinite ? max($0, 0) : nil }
        // A stack hands back the width it measured, give or take rounding: that still fits.
        guard let width = proposal.width, width.isFinite, width < natural.width - 0.01 else {
            guard let height, height < natural.height - 0.01 else { return natural }
            return engine.measure(text, maxWidth: nil, maxHeight: height)
        }
        return engine.measure(text, maxWidth: max(width, 0), maxHeight: height)
    }

    override func emitOperations(_ emitter: Emitter) {
        guard emitter.opacity > 0 else { return }
        emitter.add(.text(directionNeutral.faded(emitter.opacity), frame), key: path)
    }

    /// The text, without a layout direction when it cannot matter: one line as wide as its
    /// frame aligns the same either way. A language switch that mirrors the screen then
    /// leaves such a text (a "+" or a number) as it was, and does not redraw it.
    private var directionNeutral: StyledText {
        guard text.fit.layoutDirection == .rightToLeft,
              !text.runs.contains(where: { $0.string.contains(where: \.isNewline) }),
              abs(frame.width - naturalSize.width) <= 0.5 else { return text }
        var neutral = text
        neutral.fit.layoutDirection = .leftToRight
        return neutral
    }
}

/// A picture at its own size unless resizable, in which case it fills what it is offered
/// keeping its aspect ratio.
final class ImageNode: Node {
    let image: ImageRef
    let isResizable: Bool

    init(image: ImageRef, isResizable: Bool, path: String) {
        self.image = image
        self.isResizable = isResizable
        super.init(path: path)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let natural = image.canvas.size
        guard isResizable else { return natural }
        let w = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        let h = proposal.height.flatMap { $0.isFinite ? $0 : nil }
        guard natural.width > 0, natural.height > 0 else { return .zero }
        let scale: Double
        switch (w, h) {
        case let (w?, h?): scale = min(w / natural.width, h / natural.height)
        case let (w?, nil): scale = w / natural.width
        case let (nil, h?): scale = h / natural.height
        case (nil, nil): scale = 1
        }
        return Size(width: natural.width * scale, height: natural.height * scale)
    }

    override func emitOperations(_ emitter: Emitter) {
        emitter.add(.image(image, frame, opacity: emitter.opacity), key: path)
    }
}

/// Flexible empty space along its stack's axis.
final class SpacerNode: Node {
    let minLength: Double
    let axis: Axis?

    init(minLength: Double, axis: Axis?, path: String) {
        self.minLength = minLength
        self.axis = axis
        super.init(path: path)
    }

    override var isSpacer: Bool { true }

    override func measure(_ proposal: ProposedSize) -> Size {
        func length(_ offered: Double?) -> Double { max(offered.map { $0.isFinite ? $0 : minLength } ?? minLength, minLength) }
        switch axis {
        case .horizontal: return Size(width: length(proposal.width), height: 0)
        case .vertical: return Size(width: 0, height: length(proposal.height))
        case nil: return Size(width: length(proposal.width), height: length(proposal.height))
        }
    }
}

/// A filled or stroked shape filling what it is offered (a colour, a rounded rectangle).
/// Its colour animates.
final class ShapeNode: Node {
    private(set) var shape: Shape
    private(set) var fill: Paint?
    private(set) var stroke: (Paint, lineWidth: Double)?
    private(set) var strokePlacement: StrokePlacement

    init(shape: Shape, fill: Paint?, stroke: (Paint, lineWidth: Double)?, strokePlacement: StrokePlacement = .inside,
         path: String) {
        self.shape = shape
        self.fill = fill
        self.stroke = stroke
        self.strokePlacement = strokePlacement
        super.init(path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool {
        let new = new as! ShapeNode
        return take(shape: new.shape, fill: new.fill, stroke: new.stroke, strokePlacement: new.strokePlacement)
    }

    /// Takes a new shape and paints; true when one differs.
    func take(shape: Shape, fill: Paint?, stroke: (Paint, lineWidth: Double)?, strokePlacement: StrokePlacement) -> Bool {
        guard shape != self.shape || fill != self.fill || stroke?.0 != self.stroke?.0 || stroke?.lineWidth != self.stroke?.lineWidth
                || strokePlacement != self.strokePlacement else { return false }
        (self.shape, self.fill, self.stroke, self.strokePlacement) = (shape, fill, stroke, strokePlacement)
        return true
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        func length(_ offered: Double?) -> Double { offered.map { $0.isFinite ? $0 : 0 } ?? 10 }
        return Size(width: length(proposal.width), height: length(proposal.height))
    }

    private var color: PixelColor? {
        if case let .color(c)? = fill { return c }
        if let stroke, case let .color(c) = stroke.0 { return c }
        return nil
    }

    override var animatableTarget: AnimatableValues? { colorTarget }

    private var colorTarget: AnimatableValues {
        guard let c = color else { return .empty }
        return AnimatableValues(SIMD8(c.red, c.green, c.blue, c.alpha, 0, 0, 0, 0), count: 4)
    }

    private func animated(_ paint: Paint, _ emitter: Emitter) -> Paint {
        // With nothing animating the colour is the target's: no array is made to say so.
        guard case .color = paint, emitter.animations.isAnimating else { return paint }
        let v = emitter.animated(colorTarget, at: path)
        return v.count == 4 ? .color(PixelColor(red: v[0], green: v[1], blue: v[2], alpha: v[3])) : paint
    }

    override func emitOperations(_ emitter: Emitter) {
        guard emitter.opacity > 0 else { return }
        if let fill {
            let paint = animated(fill, emitter)
            if !paint.isInvisible {
                emitter.add(.fill(shape, frame, paint, opacity: emitter.opacity, shadow: emitter.shadow), key: path)
            }
        }
        if let stroke {
            // A centred stroke is the border of the shape grown by half the line all round.
            let outset = strokePlacement == .centred ? stroke.lineWidth / 2 : 0
            // The animated colour is the fill's when there is one: the stroke keeps its own.
            let paint: Paint
            if case .color? = fill { paint = stroke.0 } else { paint = animated(stroke.0, emitter) }
            emitter.add(.border(shape.grown(by: outset), frame.insetBy(dx: -outset, dy: -outset), lineWidth: stroke.lineWidth,
                                paint, opacity: emitter.opacity), key: path)
        }
    }
}

extension Shape {
    /// The shape fitted to its rectangle grown by `length` on every side, with its edge
    /// `length` farther out: rounded corners' radii grow by `length`, sharp corners stay sharp
    /// (circles and capsules follow their rectangle).
    func grown(by length: Double) -> Shape {
        guard length != 0, case .roundedRectangle(var radii) = self else { return self }
        func grow(_ radius: Double) -> Double { radius > 0 ? radius + length : radius }
        radii.topLeading = grow(radii.topLeading)
        radii.topTrailing = grow(radii.topTrailing)
        radii.bottomLeading = grow(radii.bottomLeading)
        radii.bottomTrailing = grow(radii.bottomTrailing)
        return .roundedRectangle(radii)
    }
}

extension Paint {
    /// A fully transparent colour draws nothing.
    var isInvisible: Bool {
        if case let .color(c) = self { return c.alpha <= 0 }
        return false
    }
}
