/// A piece of user interface, described the SwiftUI way: a value whose `body` is made of
/// other views. Views are cheap values; the host resolves them into layout nodes.
///
/// `body` is isolated to the main actor, as SwiftUI's was before its 2024 SDK made the
/// whole protocol so: a body may read `@MainActor` models, and what it makes inherits the
/// main actor (a `Task {}` in a button's action runs there, on the kiosk's loop). The host
/// evaluates bodies on that loop's thread (docs/UI.md, Threading).
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor var body: Body { get }
    /// Shows `view` in the subtree a view at its place resolved to before. Not for products
    /// to implement: as with SwiftUI's `_makeView`, being a requirement puts its witness in
    /// the module that defines the view, where the types of the body are known, so a body
    /// shown again runs code specialized for them rather than asking each view's type at
    /// run time.
    static func _update(_ view: Self, in place: _ViewPlace) -> _ViewPlaceResult
}

extension Never: View {
    public typealias Body = Never
    /// Not isolated: it is also `Gesture`'s body, which is not.
    nonisolated public var body: Never { fatalError("Never has no body") }
}

/// A view built into KioskUI that turns itself into a layout node (its `Body` is `Never`).
protocol PrimitiveView: View where Body == Never {
    func makeNode(_ context: ResolveContext) -> Node
    /// Shows this view in `node`, what it resolved to before (see `updateInPlace(_:with:_:)`).
    func update(_ node: Node, _ context: ResolveContext) -> InPlaceResult
}

/// A view that stands for several sibling views (a tuple, an `if`, a `ForEach`); stacks
/// lay its children out one by one.
protocol MultiView: View where Body == Never {
    func makeNodes(_ context: ResolveContext) -> [Node]
}

// Resolving asks the view's type, not the view, what kind it is: casting a view value to
// an existential copies it into a box of its own, a cost paid for every view of every
// update.
extension PrimitiveView {
    /// `view`'s node; `view` is of this type.
    static func makeNode<V>(of view: V, _ context: ResolveContext) -> Node {
        unsafeBitCast(view, to: Self.self).makeNode(context)
    }
}

extension MultiView {
    /// `view`'s nodes; `view` is of this type.
    static func makeNodes<V>(of view: V, _ context: ResolveContext) -> [Node] {
        unsafeBitCast(view, to: Self.self).makeNodes(context)
    }
}

/// `view.body`, for the host. The host is not annotated with the main actor (that would
/// take every layer above it along); it runs on the kiosk's loop, the main thread, and in
/// tests on the main actor. This is the one call from it into main-actor code that the
/// compiler does not check; Swift checks at run time that the closures a body made (an
/// action, a `ForEach`'s content) are called on the main actor.
func evaluateBody<V: View>(of view: V) -> V.Body {
    let body: @MainActor (V) -> V.Body = { $0.body }
    return unsafeBitCast(body, to: ((V) -> V.Body).self)(view)
}

/// Resolves `view` into one node: its own node for a primitive view, a vertical stack for
/// several siblings, and otherwise its body's node.
@usableFromInline func resolve<V: View>(_ view: V, _ context: ResolveContext) -> Node {
    switch context.session.store.kind(of: V.self) {
    case .primitive(let primitive):
        return primitive.makeNode(of: view, context)
    case .multi(let multi):
        let children = multi.makeNodes(of: view, context)
        if children.count == 1 { return children[0] }
        return StackNode(axis: .vertical, alignment: .center, spacing: 8, children: children, path: context.path)
    case .composite:
        return BodyNode(view, body: context.session.body(of: view, context), context)
    }
}

/// Resolves `view` into sibling nodes: a multi-view's children, or the view itself.
func resolveChildren<V: View>(_ view: V, _ context: ResolveContext) -> [Node] {
    let store = context.session.store
    switch store.kind(of: V.self) {
    case .multi(let multi): return multi.makeNodes(of: view, context)
    case .primitive: return [resolve(view, context)]
    case .composite: break
    }
    let body = context.session.body(of: view, context)
    // A body of several views lays them out in the parent (it has no node of its own, so a
    // change it reads re-resolves the whole screen).
    if case .multi = store.kind(of: V.Body.self) { return resolveChildren(body, context) }
    return [BodyNode(view, body: body, context)]
}

/// How a type of view resolves. Asked of each type once per host and kept: a cast to an
/// existential metatype searches the runtime's conformance tables every time, for every
/// view of every update.
enum ViewKind {
    case primitive(any PrimitiveView.Type)
    case multi(any MultiView.Type)
    /// A view with a `body` of its own; `isPropertyOwner` when that body is a modifier's or
    /// a style's, whose properties are the ones to bind (`PropertyOwner`).
    case composite(isPropertyOwner: Bool)

    init<V: View>(of type: V.Type) {
        if let primitive = type as? any PrimitiveView.Type {
            self = .primitive(primitive)
        } else if let multi = type as? any MultiView.Type {
            self = .multi(multi)
        } else {
            self = .composite(isPropertyOwner: type is any PropertyOwner.Type)
        }
    }
}

/// Nothing at all.
public struct EmptyView: View, MultiView {
    public init() {}
    public var body: Never { fatalError("EmptyView is primitive") }
    func makeNodes(_ context: ResolveContext) -> [Node] { [] }
}

/// A type-erased view, for heterogeneous collections such as screens.
public struct AnyView: View, PrimitiveView {
    private let make: (ResolveContext) -> Node

    public init<V: View>(_ view: V) {
        make = { resolve(view, $0) }
    }

    public var body: Never { fatalError("AnyView is primitive") }
    func makeNode(_ context: ResolveContext) -> Node { make(context) }
}

/// Groups views without laying them out itself: its parent stack lays out the children.
public struct Group<Content: View>: View, MultiView {
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: Never { fatalError("Group is primitive") }
    func makeNodes(_ context: ResolveContext) -> [Node] { resolveChildren(content, context) }
}
