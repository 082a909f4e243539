import KioskGraphics

/// A view with a layout or drawing modifier around it: the content resolves one level
/// below, and `wrap` builds the modifier's node around it.
///
/// The modifiers a body uses most are inlinable and return this type, as SwiftUI's are:
/// the product's `body` then knows its concrete type when compiled, where an opaque
/// `some View` from this module costs a metadata lookup (a demangling) on every
/// evaluation.
@usableFromInline struct ModifiedView<Content: View>: View, PrimitiveView {
    let content: Content
    let wrap: NodeWrap

    @usableFromInline init(content: Content, wrap: @escaping NodeWrap) {
        (self.content, self.wrap) = (content, wrap)
    }

    @usableFromInline var body: Never { fatalError("ModifiedView is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        wrap(resolve(content, context.child(0)), context)
    }
}

/// Builds a modifier's node around its content's.
@usableFromInline typealias NodeWrap = (Node, ResolveContext) -> Node

/// The nodes of the inlinable modifiers, made here so that the node types stay internal:
/// the product's code builds only the `ModifiedView` around them.
@usableFromInline enum NodeWraps {
    @usableFromInline static func padding(_ insets: Insets) -> NodeWrap {
        { PaddingNode(insets: insets.resolved($1.environment.layoutDirection), child: $0, path: $1.path) }
    }

    @usableFromInline static func frame(width: Double?, height: Double?, alignment: Alignment) -> NodeWrap {
        {
            FrameNode(width: .init(fixed: width), height: .init(fixed: height), alignment: alignment.resolved($1.environment.layoutDirection),
                      child: $0, path: $1.path)
        }
    }

    @usableFromInline static func frame(minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?,
                                        alignment: Alignment) -> NodeWrap {
        {
            FrameNode(width: .init(min: minWidth, max: maxWidth), height: .init(min: minHeight, max: maxHeight),
                      alignment: alignment.resolved($1.environment.layoutDirection), child: $0, path: $1.path)
        }
    }

    @usableFromInline static func offset(x: Double, y: Double) -> NodeWrap {
        { OffsetNode(x: x, y: y, child: $0, path: $1.path) }
    }
}

extension View {
    func modified(_ wrap: @escaping NodeWrap) -> ModifiedView<Self> {
        ModifiedView(content: self, wrap: wrap)
    }

    @inlinable public func padding(_ insets: Insets) -> some View { ModifiedView(content: self, wrap: NodeWraps.padding(insets)) }

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
        ModifiedView(content: self, wrap: NodeWraps.frame(width: width, height: height, alignment: alignment))
    }

    /// Limits along each axis; `maxWidth: .infinity` takes all the width offered.
    @inlinable public func frame(minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
                                 maxHeight: Double? = nil, alignment: Alignment = .center) -> some View {
        ModifiedView(content: self, wrap: NodeWraps.frame(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
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
