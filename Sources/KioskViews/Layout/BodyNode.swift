/// A view of the product's own (one with a `body`). Its body is evaluated under
/// observation tracking of its own, so a model change marks only the views that read it,
/// and the host evaluates just those again (`refresh`) in the frames they had.
@usableFromInline final class BodyNode: ModifierNode {
    /// The view's type: a view of another type at the same place is resolved afresh.
    @usableFromInline let viewType: Any.Type
    /// Shows the view last given again, through its type's `_update`: the code specialized
    /// for it where the view is defined.
    private var refreshView: (ResolveSession, BodyNode) -> InPlaceResult
    /// True while `refresh` shows the view it already has: it is not taken again.
    @usableFromInline var isRefreshing = false
    /// The store entries the view value held was bound to, once known: evaluated again,
    /// the same value is not bound again, its entries are only kept.
    @usableFromInline var boundEntries: [StoreEntry]?

    /// `body` is `view.body`, evaluated under tracking for `context.path`.
    convenience init<V: View>(_ view: V, body: V.Body, _ context: ResolveContext) {
        self.init(view, child: resolve(body, Self.bodyContext(context)), context)
    }

    /// `child` is what `view`'s body resolved to.
    @usableFromInline init<V: View>(_ view: V, child: Node, _ context: ResolveContext) {
        viewType = V.self
        refreshView = Self.refresher(view, context)
        super.init(child: child, path: context.path)
    }

    /// Where the body resolves: one level below the view.
    static func bodyContext(_ context: ResolveContext) -> ResolveContext {
        var inner = context
        inner.path += childComponent
        return inner
    }

    override class var childComponent: String { "~" }

    /// The path the body's views extend, which an update of this view alone drops the
    /// state of the views gone under; made once rather than on every frame of a drag.
    final lazy var contentPath = path + Self.childComponent

    private static func refresher<V: View>(_ view: V, _ context: ResolveContext) -> (ResolveSession, BodyNode) -> InPlaceResult {
        { session, node in
            var outer = context
            outer.session = session
            return V._update(view, in: _ViewPlace(node: node, context: outer)).result
        }
    }

    /// Evaluates the body again and shows it in the subtree there is; where its structure
    /// changed, the new subtree comes back to replace `child`.
    func refresh(_ session: ResolveSession) -> InPlaceResult {
        isRefreshing = true
        defer { isRefreshing = false }
        switch refreshView(session, self) {
        case .updated(let update): return .updated(update)
        // Shown in itself, the view comes back as a new body node only when its structure changed.
        case .replaced(let node): return .replaced((node as! BodyNode).child)
        }
    }

    /// Shows `view` (of this node's type, at its place): its body is evaluated and shown
    /// in the subtree there is.
    @inlinable func show<V: View>(_ view: V, _ context: ResolveContext) -> InPlaceResult {
        var entries = isRefreshing ? boundEntries : nil
        switch updateInPlace(child, with: context.session.body(of: view, context, bound: &entries), childContext(context)) {
        case .updated(let below):
            take(view, context)
            boundEntries = entries
            return .updated(finishUpdate(adopted: false, below: below))
        case .replaced(let child):
            return .replaced(BodyNode(view, child: child, context))
        }
    }

    /// Takes the view value to evaluate next time.
    @usableFromInline func take<V: View>(_ view: V, _ context: ResolveContext) {
        guard !isRefreshing else { return }
        refreshView = Self.refresher(view, context)
    }

    override var updatesInPlace: Bool { true }

    /// Takes the new view value to evaluate next time; the body itself is its child's.
    override func adopt(_ new: Node) -> Bool {
        let new = new as! BodyNode
        refreshView = new.refreshView
        boundEntries = new.boundEntries
        return false
    }

    /// True when `node` is this one or below it.
    func contains(_ node: Node) -> Bool {
        var found = false
        forEachNode { if $0 === node { found = true } }
        return found
    }
}
