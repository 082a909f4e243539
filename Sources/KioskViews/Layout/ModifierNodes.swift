import KioskGraphics

/// Space around a child.
final class PaddingNode: ModifierNode {
    private(set) var insets: Insets

    init(insets: Insets, child: Node, path: String) {
        self.insets = insets
        super.init(child: child, path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool { take(insets: (new as! PaddingNode).insets) }

    /// Takes new insets; true when they differ.
    func take(insets: Insets) -> Bool { Node.adopt(&self.insets, insets) }

    override func measure(_ proposal: ProposedSize) -> Size {
        let h = insets.leading + insets.trailing, v = insets.top + insets.bottom
        let inner = child.sizeThatFits(ProposedSize(width: proposal.width.map { max($0 - h, 0) },
                                                    height: proposal.height.map { max($0 - v, 0) }))
        return Size(width: inner.width + h, height: inner.height + v)
    }

    /// The child gets the size it asks for inside the insets, centred when offered more.
    override func place(in rect: Rect) {
        frame = rect
        let inner = rect.inset(by: insets)
        withChild { child in
            let size = child.sizeThatFits(ProposedSize(inner.size))
            child.place(in: Alignment.center.place(Size(width: min(size.width, inner.width), height: min(size.height, inner.height)), in: inner))
        }
    }
}

/// `frame(width:height:)` and `frame(minWidth:maxWidth:minHeight:maxHeight:)` with
/// SwiftUI's rules: a fixed length is the answer; otherwise the child's size bounds the
/// frame where no limit is given, and the offer is clamped into those bounds.
final class FrameNode: ModifierNode {
    struct Limits: Hashable {
        var fixed: Double?
        var min: Double?
        var max: Double?
    }

    private(set) var width: Limits
    private(set) var height: Limits
    private(set) var alignment: Alignment

    init(width: Limits, height: Limits, alignment: Alignment, child: Node, path: String) {
        self.width = width
        self.height = height
        self.alignment = alignment
        super.init(child: child, path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool {
        let new = new as! FrameNode
        return take(width: new.width, height: new.height, alignment: new.alignment)
    }

    /// Takes new limits and alignment; true when they differ.
    func take(width: Limits, height: Limits, alignment: Alignment) -> Bool {
        guard width != self.width || height != self.height || alignment != self.alignment else { return false }
        (self.width, self.height, self.alignment) = (width, height, alignment)
        return true
    }

    private static func offer(_ proposed: Double?, _ limits: Limits) -> Double? {
        if let fixed = limits.fixed { return fixed }
        guard let proposed else { return nil }
        return Swift.min(Swift.max(proposed, limits.min ?? -.infinity), limits.max ?? .infinity)
    }

    private static func answer(_ proposed: Double?, child: Double, _ limits: Limits) -> Double {
        if let fixed = limits.fixed { return fixed }
        guard limits.min != nil || limits.max != nil else { return child }
        let low = limits.min ?? child, high = Swift.max(limits.max ?? child, low)
        // Offered infinity (a stack probing flexibility), a frame without a maximum answers it.
        guard let proposed else { return Swift.min(Swift.max(child, low), high.isFinite ? high : child) }
        return Swift.min(Swift.max(proposed, low), high)
    }

    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: Self.offer(proposal.width, width), height: Self.offer(proposal.height, height))
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let inner = child.sizeThatFits(childProposal(proposal))
        return Size(width: Self.answer(proposal.width, child: inner.width, width),
                    height: Self.answer(proposal.height, child: inner.height, height))
    }

    override func place(in rect: Rect) {
        frame = rect
        withChild { child in
            let inner = child.sizeThatFits(childProposal(ProposedSize(rect.size)))
            child.place(in: alignment.place(Size(width: Swift.min(inner.width, rect.width), height: Swift.min(inner.height, rect.height)), in: rect))
        }
    }
}

/// `fixedSize`: the child takes its ideal size on the fixed axes, whatever it is offered
/// (a text stays on one line, uncut), centred in the space it is placed in and drawn past
/// it when larger, as in SwiftUI.
final class FixedSizeNode: ModifierNode {
    let horizontal: Bool
    let vertical: Bool

    init(horizontal: Bool, vertical: Bool, child: Node, path: String) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child: child, path: path)
    }

    private func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        child.sizeThatFits(childProposal(proposal))
    }

    override func place(in rect: Rect) {
        frame = rect
        let size = child.sizeThatFits(childProposal(ProposedSize(rect.size)))
        child.place(in: Rect(x: rect.center.x - size.width / 2, y: rect.center.y - size.height / 2, width: size.width, height: size.height))
    }
}

/// Makes its child square: its larger side, but no larger than the smaller side offered
/// (a circular button in a grid cell).
final class SquareNode: ModifierNode {
    override func measure(_ proposal: ProposedSize) -> Size {
        let inner = child.sizeThatFits(proposal)
        var side = max(inner.width, inner.height)
        if let w = proposal.width, let h = proposal.height, w.isFinite, h.isFinite { side = min(side, w, h) }
        return Size(width: side, height: side)
    }
}

/// A view drawn behind (or over) its content, sized to the content.
final class BackgroundNode: ModifierNode {
    let decoration: Node
    let isOverlay: Bool
    let alignment: Alignment

    init(decoration: Node, isOverlay: Bool, alignment: Alignment = .center, child: Node, path: String) {
        self.decoration = decoration
        self.isOverlay = isOverlay
        self.alignment = alignment
        layers = Self.layers(child, decoration, isOverlay)
        super.init(child: child, path: path)
    }

    /// The decoration and the content in drawing order, kept: frames walk the tree often
    /// enough that a new array each time shows.
    private var layers: [Node]
    override func childDidChange() { layers = Self.layers(child, decoration, isOverlay) }

    private static func layers(_ child: Node, _ decoration: Node, _ isOverlay: Bool) -> [Node] {
        isOverlay ? [child, decoration] : [decoration, child]
    }

    override var children: [Node] { layers }
    override var childCount: Int { layers.count }
    override func childNode(at index: Int) -> Node { layers[index] }

    override func place(in rect: Rect) {
        super.place(in: rect)
        decoration.place(in: alignment.place(decoration.sizeThatFits(ProposedSize(rect.size)), in: rect))
    }

    override func emitOperations(_ emitter: Emitter) {
        // A composited button's shadow falls from its plate (the background, or the
        // content under an overlay), never from its label or a highlight on top.
        let shadow = emitter.shadow
        for node in children {
            emitter.shadow = (node === decoration) != isOverlay ? shadow : nil
            node.emit(emitter)
        }
        emitter.shadow = shadow
    }
}

/// Fades its content; the opacity animates.
final class OpacityNode: ModifierNode {
    private(set) var opacity: Double

    init(opacity: Double, child: Node, path: String) {
        self.opacity = min(max(opacity, 0), 1)
        super.init(child: child, path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool { Node.adopt(&opacity, (new as! OpacityNode).opacity) }

    override var animatableTarget: AnimatableValues? { AnimatableValues(opacity) }

    override func emitOperations(_ emitter: Emitter) {
        let saved = emitter.opacity
        emitter.opacity = saved * min(max(emitter.animated(AnimatableValues(opacity), at: path)[0], 0), 1)
        child.emit(emitter)
        emitter.opacity = saved
    }
}

/// Scales its drawing (not its layout) about an anchor of its frame; the scale animates.
final class ScaleNode: ModifierNode {
    let scale: Double
    let anchor: UnitPoint

    init(scale: Double, anchor: UnitPoint = .center, child: Node, path: String) {
        self.scale = scale
        self.anchor = anchor
        super.init(child: child, path: path)
    }

    override var animatableTarget: AnimatableValues? { AnimatableValues(scale) }

    override func emitOperations(_ emitter: Emitter) {
        let s = emitter.animated(AnimatableValues(scale), at: path)[0]
        if s == 1 {
            child.emit(emitter)
            return
        }
        let ops = emitter.collect { child.emit(emitter) }
        guard !ops.isEmpty, s > 0 else { return }
        emitter.add(.scaled(s, anchor: anchor.point(in: frame), DrawGroup(ops)), key: path)
    }
}

/// A soft shadow under the shapes inside; radius, offset and colour animate.
final class ShadowNode: ModifierNode {
    let shadow: Shadow

    init(shadow: Shadow, child: Node, path: String) {
        self.shadow = shadow
        super.init(child: child, path: path)
    }

    override var animatableTarget: AnimatableValues? { shadowTarget }

    private var shadowTarget: AnimatableValues {
        AnimatableValues(SIMD8(shadow.radius, shadow.x, shadow.y, shadow.color.red, shadow.color.green, shadow.color.blue,
                               shadow.color.alpha, 0), count: 7)
    }

    override func emitOperations(_ emitter: Emitter) {
        let v = emitter.animated(shadowTarget, at: path)
        let saved = emitter.shadow
        // Radii are whole pixels so an animated shadow reuses a handful of cached blurs.
        let radius = v[0].rounded()
        emitter.shadow = radius > 0 || v[1].rounded() != 0 || v[2].rounded() != 0
            ? Shadow(color: PixelColor(red: v[3], green: v[4], blue: v[5], alpha: v[6]), radius: max(radius, 0),
                     x: v[1].rounded(), y: v[2].rounded())
            : nil
        child.emit(emitter)
        emitter.shadow = saved
    }
}

/// Where `.animation(_:value:)` was applied: changes below animate when `value` changes.
final class AnimationNode: ModifierNode {
    let animation: Animation?
    let value: AnimationValue

    init(animation: Animation?, value: AnimationValue, child: Node, path: String) {
        self.animation = animation
        self.value = value
        super.init(child: child, path: path)
    }
}

/// The value an `animation(_:value:)` watches, in a class of its type rather than an
/// `AnyHashable`: making one of those asks the runtime for a conformance, on every
/// resolution of every view that animates.
class AnimationValue {
    func isEqual(to other: AnimationValue) -> Bool { false }
}

final class TypedAnimationValue<Value: Equatable>: AnimationValue {
    let value: Value

    init(_ value: Value) { self.value = value }

    override func isEqual(to other: AnimationValue) -> Bool {
        (other as? TypedAnimationValue<Value>)?.value == value
    }
}

/// The shape that takes touches for the button around it.
final class ContentShapeNode: ModifierNode {
    let shape: Shape

    init(shape: Shape, child: Node, path: String) {
        self.shape = shape
        super.init(child: child, path: path)
    }
}
