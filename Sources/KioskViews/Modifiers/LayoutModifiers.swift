import KioskGraphics

extension View {
    /// Pads only `edges`, by `length` (16 when nil, SwiftUI's default).
    public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> some View {
        let l = length ?? 16
        return padding(Insets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                              bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0))
    }

    /// Moves the drawing and the touch area by `offset`, leaving the layout as it was; the
    /// offset animates.
    @inlinable public func offset(_ offset: CGSize) -> some View { self.offset(x: offset.width, y: offset.height) }

    @inlinable public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        ModifiedView(content: self, wrap: .offset(x: x, y: y))
    }

    /// `content` behind this view, sized to it and placed by `alignment`.
    public func background<Background: View>(alignment: Alignment = .center,
                                             @ViewBuilder content: () -> Background) -> some View {
        background(content(), alignment: alignment)
    }

    public func background<Background: View>(_ background: Background, alignment: Alignment) -> some View {
        modified { node, context in
            BackgroundNode(decoration: resolve(background, context.child(1)), isOverlay: false,
                           alignment: alignment.resolved(context.environment.layoutDirection), child: node, path: context.path)
        }
    }

    /// `content` in front of this view, sized to it and placed by `alignment`.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
        overlay(content(), alignment: alignment)
    }

    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment) -> some View {
        modified { node, context in
            BackgroundNode(decoration: resolve(overlay, context.child(1)), isOverlay: true,
                           alignment: alignment.resolved(context.environment.layoutDirection), child: node, path: context.path)
        }
    }

    /// A line `width` wide inside the view's frame.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }

    /// Keeps the view's space but draws nothing and takes no touches.
    public func hidden() -> some View {
        EnvironmentModifier(content: self) { $0.allowsHitTesting = false }
            .modified { HiddenNode(child: $0, path: $1.path) }
    }

    /// Siblings in a stack draw in `value` order (higher on top; equal ones in their order).
    public func zIndex(_ value: Double) -> some View {
        modified { ZIndexNode(zIndex: value, child: $0, path: $1.path) }
    }

    /// false: the view and everything inside it take no touches (they go to what lies
    /// under). Like `disabled`, an inner `true` cannot undo an outer `false`.
    public func allowsHitTesting(_ enabled: Bool) -> some View {
        EnvironmentModifier(content: self) { $0.allowsHitTesting = $0.allowsHitTesting && enabled }
    }
}

extension Alignment {
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
}

extension UnitPoint {
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
}

/// Places its child moved by (x, y); the offset animates, moving the child's frames with it.
final class OffsetNode: ModifierNode {
    private(set) var x: Double
    private(set) var y: Double
    /// The offset the child is placed at now.
    private var placed = Point(x: 0, y: 0)

    init(x: Double, y: Double, child: Node, path: String) {
        self.x = x
        self.y = y
        super.init(child: child, path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool {
        let new = new as! OffsetNode
        return take(x: new.x, y: new.y)
    }

    /// Takes a new offset; true when it differs.
    func take(x: Double, y: Double) -> Bool {
        guard x != self.x || y != self.y else { return false }
        (self.x, self.y) = (x, y)
        return true
    }

    /// An offset moves the child where it is placed; it is measured as the child is.
    override var adoptionKeepsSize: Bool { true }

    override var animatableTarget: AnimatableValues? { AnimatableValues(x, y) }

    override func place(in rect: Rect) {
        frame = rect
        placed = Point(x: x, y: y)
        withChild { $0.place(in: rect.offsetBy(dx: x, dy: y)) }
    }

    override func emitOperations(_ emitter: Emitter) {
        // Only a running animation can show another offset than the one placed: a drag's
        // frames look nothing up to find that out.
        var shown = Point(x: x, y: y)
        if emitter.animations.isAnimating {
            let v = emitter.animated(AnimatableValues(x, y), at: path)
            shown = Point(x: v[0], y: v[1])
        }
        if shown != placed {
            // Mid-animation: the child moves, and what it emitted where it was is stale.
            placed = shown
            child.place(in: frame.offsetBy(dx: shown.x, dy: shown.y))
            child.forEachNode { $0.forgetEmission() }
        }
        withChild { $0.emit(emitter) }
    }
}

/// Lays its child out and draws nothing.
final class HiddenNode: ModifierNode {
    override func emitOperations(_ emitter: Emitter) {}
}

/// Carries a view's `zIndex` up to the stack that orders its children by it.
final class ZIndexNode: ModifierNode {
    let value: Double

    init(zIndex: Double, child: Node, path: String) {
        value = zIndex
        super.init(child: child, path: path)
    }

    override var zIndex: Double { value }
}
