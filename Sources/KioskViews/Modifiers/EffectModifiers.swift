import KioskGraphics

extension View {
    /// Turns the drawing (not the layout) by `angle`, clockwise, about `anchor`; the angle animates.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        modified { EffectNode(effect: .rotation(angle.radians, anchor), child: $0, path: $1.path) }
    }

    /// Scales the drawing (not the layout) about `anchor`: a pressed button's 0.95.
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
        modified { ScaleNode(scale: scale, anchor: anchor, child: $0, path: $1.path) }
    }

    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    /// Scales the drawing by different factors across and down; equal factors are `scaleEffect(_:anchor:)`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        modified { node, context in
            x == y ? ScaleNode(scale: x, anchor: anchor, child: node, path: context.path)
                : EffectNode(effect: .scale(x, y, anchor), child: node, path: context.path)
        }
    }

    /// Composites the drawing with what lies under it by `mode` (pixman's PDF blend modes).
    public func blendMode(_ mode: BlendMode) -> some View {
        modified { EffectNode(effect: .blend(mode), child: $0, path: $1.path) }
    }

    /// Keeps only the drawing inside `shape`, fitted to the view's frame.
    public func clipShape<S: ShapeView>(_ shape: S) -> some View {
        let outline = shape.shape
        return modified { EffectNode(effect: .clip(outline), child: $0, path: $1.path) }
    }

    /// Clips the drawing to a rounded rectangle of the view's frame.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }

    /// Keeps only the drawing inside the view's frame.
    public func clipped(antialiased: Bool = false) -> some View { clipShape(Rectangle()) }
}

/// A sub-tree drawn as one layer and composited through an effect: turned or scaled about
/// an anchor of its frame, blended, or clipped to a shape. Angles and scales animate.
final class EffectNode: ModifierNode {
    enum Effect {
        case rotation(Double, UnitPoint)
        case scale(Double, Double, UnitPoint)
        case blend(BlendMode)
        case clip(Shape)
    }

    let effect: Effect

    init(effect: Effect, child: Node, path: String) {
        self.effect = effect
        super.init(child: child, path: path)
    }

    override var animatableTarget: AnimatableValues? {
        switch effect {
        case let .rotation(radians, _): AnimatableValues(radians)
        case let .scale(x, y, _): AnimatableValues(x, y)
        case .blend, .clip: nil
        }
    }

    override func emitOperations(_ emitter: Emitter) {
        var layer = LayerEffect()
        switch effect {
        case let .rotation(radians, anchor):
            let angle = emitter.animated(AnimatableValues(radians), at: path)[0]
            layer.transform = LayerTransform(scaleX: 1, y: 1, rotation: angle, about: anchor.point(in: frame))
        case let .scale(x, y, anchor):
            let v = emitter.animated(AnimatableValues(x, y), at: path)
            guard v[0] != 0, v[1] != 0 else { return }
            layer.transform = LayerTransform(scaleX: v[0], y: v[1], about: anchor.point(in: frame))
        case let .blend(mode):
            layer.blendMode = mode
        case let .clip(shape):
            layer.mask = LayerEffect.Mask(shape: shape, rect: frame)
        }
        if layer == LayerEffect() {
            child.emit(emitter)
            return
        }
        let ops = emitter.collect { child.emit(emitter) }
        guard !ops.isEmpty else { return }
        emitter.add(.layer(layer, DrawGroup(ops)), key: path)
    }
}

/// `compositingGroup()`: the sub-tree drawn as one layer, so the opacity and shadow of
/// the modifiers above apply to the group as a whole (overlapping parts do not show through
/// each other; one shadow of the whole silhouette) rather than to each part.
final class CompositingGroupNode: ModifierNode {
    override func emitOperations(_ emitter: Emitter) {
        let (opacity, shadow) = (emitter.opacity, emitter.shadow)
        guard opacity < 1 || shadow != nil else {
            child.emit(emitter)
            return
        }
        (emitter.opacity, emitter.shadow) = (1, nil)
        let ops = emitter.collect { child.emit(emitter) }
        defer { (emitter.opacity, emitter.shadow) = (opacity, shadow) }
        guard !ops.isEmpty, opacity > 0 else { return }
        if opacity == 1, let shadow, let plate = Self.silhouette(of: ops) {
            // The group's outline is its first fill's: that fill casts the shadow, no layer needed.
            emitter.add(plate.castingShadow(shadow), key: path)
            for op in ops.dropFirst() { emitter.add(op, key: path) }
            return
        }
        emitter.add(.layer(LayerEffect(opacity: opacity, shadow: shadow), DrawGroup(ops)), key: path)
    }

    /// The first operation when it is an opaque fill under which every other one lies (a
    /// button's plate under its label), so the group's outline is that fill's.
    private static func silhouette(of ops: [DrawOp]) -> DrawOp? {
        guard let first = ops.first, case .fill(_, _, _, _, nil) = first else { return nil }
        let covered = first.opaquePixels
        guard !covered.isEmpty else { return nil }
        return ops.dropFirst().allSatisfy { op in
            covered.reduce(Region(op.bounds)) { rest, rect in rest.subtracting(rect) }.isEmpty
        } ? first : nil
    }
}

extension DrawOp {
    /// A fill with `shadow` under it.
    func castingShadow(_ shadow: Shadow) -> DrawOp {
        guard case let .fill(shape, rect, paint, opacity, _) = self else { return self }
        return .fill(shape, rect, paint, opacity: opacity, shadow: shadow)
    }
}

extension UnitPoint {
    func point(in rect: Rect) -> Point {
        Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
    }
}

/// How a layer of draw operations is composited: mapped by `transform`, blended by
/// `blendMode`, and kept inside `mask` (a shape fitted to a rectangle, before the transform).
public struct LayerEffect: Hashable {
    public struct Mask: Hashable {
        public var shape: Shape
        public var rect: Rect
    }

    public var transform = LayerTransform.identity
    public var blendMode = BlendMode.normal
    public var mask: Mask?
    /// The group's opacity, applied once to the composited layer.
    public var opacity = 1.0
    /// The shadow the layer's pixels cast as one silhouette.
    public var shadow: Shadow?

    /// The pixels a layer of `inner` can touch once composited.
    func bounds(of inner: PixelRect) -> PixelRect {
        var source = inner
        if let mask { source = source.intersection(mask.rect.enclosingPixels) }
        guard !source.isEmpty else { return .zero }
        var reach = transform.isIdentity ? source : transform.apply(source.rect).enclosingPixels.insetBy(dx: -1, dy: -1)
        if let shadow, shadow.extent > 0 || shadow.x != 0 || shadow.y != 0 {
            let e = shadow.extent
            reach = reach.union(PixelRect(x: source.x - e + Int(shadow.x.rounded()), y: source.y - e + Int(shadow.y.rounded()),
                                          width: source.width + 2 * e, height: source.height + 2 * e))
        }
        return reach
    }

    /// The move by whole pixels the effect is, when it is nothing else (no opacity, blend,
    /// mask or shadow).
    var wholePixelMove: PixelOffset? {
        let t = transform
        guard t.a == 1, t.b == 0, t.c == 0, t.d == 1, abs(t.tx) < 32768, abs(t.ty) < 32768,
              t.tx == t.tx.rounded(), t.ty == t.ty.rounded(),
              opacity == 1, blendMode == .normal, mask == nil, shadow == nil else { return nil }
        return PixelOffset(x: Int(t.tx), y: Int(t.ty))
    }

    /// The pixels of `inner` the layer is drawn from.
    func source(of inner: PixelRect) -> PixelRect {
        guard let mask else { return inner }
        return inner.intersection(mask.rect.enclosingPixels)
    }

    var isDrawable: Bool {
        [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy { $0.isFinite }
            && transform.inverted != nil
    }
}
