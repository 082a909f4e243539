import KioskGraphics

/// A view with a layout or drawing modifier around it: the content resolves one level
/// below, and `wrap` builds the modifier's node around it.
///
/// The modifiers a body uses most are inlinable and return this type, as SwiftUI's are:
/// the product's `body` then knows its concrete type when compiled, where an opaque
/// `some View` from this module costs a metadata lookup (a demangling) on every
/// evaluation.
@usableFromInline struct ModifiedView<Content: View>: View, PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let wrap: NodeWrap

    @usableFromInline init(content: Content, wrap: NodeWrap) {
        (self.content, self.wrap) = (content, wrap)
    }

    @usableFromInline var body: Never { fatalError("ModifiedView is primitive") }

    @usableFromInline func makeNode(_ context: ResolveContext) -> Node {
        wrap.makeNode(around: resolve(content, context.child(0)), context)
    }

    @inlinable static func _update(_ view: Self, in place: _ViewPlace) -> _ViewPlaceResult {
        _ViewPlaceResult(view.update(place.node, place.context))
    }

    /// The content is shown in the child there is, then the modifier's node takes the new
    /// properties: a drag's offset changes numbers in the nodes there are.
    @inlinable func update(_ node: Node, _ context: ResolveContext) -> InPlaceResult {
        guard let modifier = node as? ModifierNode, modifier.updatesInPlace, modifier.childCount == 1,
              node.path == context.path, let adoption = wrap.adoption(by: modifier, context) else {
            return merging(makeNode(context), into: node)
        }
        let shown = modifier.withChild { updateInPlace($0, with: content, modifier.childContext(context)) }
        switch shown {
        case .updated(let below): return .updated(node.finishUpdate(adopted: wrap.adopt(adoption, into: modifier, context), below: below))
        case .replaced(let child): return .replaced(wrap.makeNode(around: child, context))
        }
    }
}

/// A modifier's node around its content's: the common ones as values, which a node there is
/// takes without a new node being made, and the rest as a function that makes the node.
@usableFromInline enum NodeWrap {
    case padding(Insets)
    case frame(width: Double?, height: Double?, alignment: Alignment)
    case flexibleFrame(minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?, alignment: Alignment)
    case offset(x: Double, y: Double)
    case make((Node, ResolveContext) -> Node)

    /// How a node takes a wrap's properties: from its values, or from a node made anew.
    @usableFromInline enum Adoption {
        case values
        case node(Node)
    }

    @usableFromInline func makeNode(around child: Node, _ context: ResolveContext) -> Node {
        let direction = context.environment.layoutDirection
        switch self {
        case .padding(let insets):
            return PaddingNode(insets: insets.resolved(direction), child: child, path: context.path)
        case let .frame(width, height, alignment):
            return FrameNode(width: .init(fixed: width), height: .init(fixed: height), alignment: alignment.resolved(direction),
                             child: child, path: context.path)
        case let .flexibleFrame(minWidth, maxWidth, minHeight, maxHeight, alignment):
            return FrameNode(width: .init(min: minWidth, max: maxWidth), height: .init(min: minHeight, max: maxHeight),
                             alignment: alignment.resolved(direction), child: child, path: context.path)
        case let .offset(x, y):
            return OffsetNode(x: x, y: y, child: child, path: context.path)
        case .make(let make):
            return make(child, context)
        }
    }

    /// How `node` can take this wrap's properties; nil when it is another kind of node.
    @usableFromInline func adoption(by node: ModifierNode, _ context: ResolveContext) -> Adoption? {
        switch self {
        case .padding: return node is PaddingNode ? .values : nil
        case .frame, .flexibleFrame: return node is FrameNode ? .values : nil
        case .offset: return node is OffsetNode ? .values : nil
        case .make(let make):
            // Made around the same child, it is this wrap's node when it is the same kind.
            let fresh = make(node.child, context)
            return type(of: fresh) == type(of: node) && fresh.childCount == 1 && fresh.childNode(at: 0) === node.child
                ? .node(fresh) : nil
        }
    }

    /// Gives `node` this wrap's properties (`adoption` said how); true when one changed.
    @usableFromInline func adopt(_ adoption: Adoption, into node: ModifierNode, _ context: ResolveContext) -> Bool {
        let direction = context.environment.layoutDirection
        switch (self, adoption) {
        case (_, .node(let fresh)):
            return node.adopt(fresh)
        case (.padding(let insets), .values):
            return (node as! PaddingNode).take(insets: insets.resolved(direction))
        case let (.frame(width, height, alignment), .values):
            return (node as! FrameNode).take(width: .init(fixed: width), height: .init(fixed: height),
                                             alignment: alignment.resolved(direction))
        case let (.flexibleFrame(minWidth, maxWidth, minHeight, maxHeight, alignment), .values):
            return (node as! FrameNode).take(width: .init(min: minWidth, max: maxWidth), height: .init(min: minHeight, max: maxHeight),
                                             alignment: alignment.resolved(direction))
        case let (.offset(x, y), .values):
            return (node as! OffsetNode).take(x: x, y: y)
        case (.make, .values):
            return node.adopt(makeNode(around: node.child, context))
        }
    }
}

extension View {
    func modified(_ wrap: @escaping (Node, ResolveContext) -> Node) -> ModifiedView<Self> {
        ModifiedView(content: self, wrap: .make(wrap))
    }

    @inlinable public func padding(_ insets: Insets) -> some View { ModifiedView(content: self, wrap: .padding(insets)) }

    @inlinable public func padding(_ length: Double = 16) -> some View { padding(Insets(all: length)) }

    /// The view at its ideal size on both axes: a text on one line, never wrapped or cut.
    public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

    /// The view at its ideal size on the axes given: `fixedSize(horizontal: false, vertical: true)`
    /// wraps a text to the width offered but gives it every line it needs.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modified { FixedSizeNode(horizontal: horizontal, vertical: vertical, child: $0, path: $1.path) }
    }

    public func padding(horizontal: Double = 0, vertical: Double = 0) -> some View {
        padding(Insets(vertical: vertical, horizontal: horizontal))
    }

    /// A fixed size along the given axes; the content is placed inside by `alignment`.
    @inlinable public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        ModifiedView(content: self, wrap: .frame(width: width, height: height, alignment: alignment))
    }

    /// Limits along each axis; `maxWidth: .infinity` takes all the width offered.
    @inlinable public func frame(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
                                 maxHeight: Double? = nil, alignment: Alignment = .center) -> some View {
        ModifiedView(content: self, wrap: .flexibleFrame(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
                                                            maxHeight: maxHeight, alignment: alignment))
    }

    public func background<Background: View>(_ background: Background) -> some View {
        modified { node, context in
            BackgroundNode(decoration: resolve(background, context.child(1)), isOverlay: false, child: node, path: context.path)
        }
    }

    public func background<Background: View>(@ViewBuilder _ background: () -> Background) -> some View {
        self.background(background())
    }

    public func overlay<Overlay: View>(_ overlay: Overlay) -> some View {
        modified { node, context in
            BackgroundNode(decoration: resolve(overlay, context.child(1)), isOverlay: true, child: node, path: context.path)
        }
    }

    public func opacity(_ opacity: Double) -> some View {
        modified { OpacityNode(opacity: opacity, child: $0, path: $1.path) }
    }

    /// A soft shadow under each shape, text and image inside (SwiftUI's default colour:
    /// black at 33%); after `compositingGroup()`, one shadow of the whole group.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0) -> some View {
        modified { ShadowNode(shadow: Shadow(color: color.pixelColor, radius: radius, x: x, y: y), child: $0, path: $1.path) }
    }

    /// Animates the changes inside whenever `value` changes, on the frame clock.
    public func animation<V: Hashable>(_ animation: Animation?, value: V) -> some View {
        modified { AnimationNode(animation: animation, value: TypedAnimationValue(value), child: $0, path: $1.path) }
    }

    /// The shape that takes touches for the button this view is part of.
    public func contentShape(_ shape: Shape) -> some View {
        modified { ContentShapeNode(shape: shape, child: $0, path: $1.path) }
    }

    /// Draws this view as one layer: the opacity and shadow applied above it act on the
    /// whole (a translucent group whose parts overlap; one shadow of the group's outline).
    public func compositingGroup() -> some View {
        modified { CompositingGroupNode(child: $0, path: $1.path) }
    }
}
