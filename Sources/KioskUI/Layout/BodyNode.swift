/// A view of the product's own (one with a `body`). Its body is evaluated under
/// observation tracking of its own, so a model change marks only the views that read it,
/// and the host evaluates just those again (`refresh`) in the frames they had.
final class BodyNode: ModifierNode {
    /// The view's type: a view of another type at the same place is resolved afresh.
    let viewType: Any.Type
    /// Evaluates the view's body again and shows it in the subtree there is.
    private var refreshChild: (ResolveSession, Node) -> InPlaceResult

    /// `body` is `view.body`, evaluated under tracking for `context.path`.
    convenience init<V: View>(_ view: V, body: V.Body, _ context: ResolveContext) {
        self.init(view, child: resolve(body, Self.bodyContext(context)), context)
    }

    /// `child` is what `view`'s body resolved to.
    init<V: View>(_ view: V, child: Node, _ context: ResolveContext) {
        viewType = V.self
        refreshChild = Self.refresher(view, context)
        super.init(child: child, path: context.path)
    }

    /// Where the body resolves: one level below the view.
    private static func bodyContext(_ context: ResolveContext) -> ResolveContext {
        var inner = context
        inner.path += "~"
        return inner
    }

    private static func refresher<V: View>(_ view: V, _ context: ResolveContext) -> (ResolveSession, Node) -> InPlaceResult {
        { session, child in
            var outer = context
            outer.session = session
            return updateInPlace(child, with: session.body(of: view, outer), bodyContext(outer))
        }
    }

    /// Evaluates the body again and shows it in the subtree there is; where its structure
    /// changed, the new subtree comes back to replace `child`.
    func refresh(_ session: ResolveSession) -> InPlaceResult {
        switch refreshChild(session, child) {
        case .updated(let below): .updated(finishUpdate(adopted: false, below: below))
        case .replaced(let child): .replaced(child)
        }
    }

    /// Shows `view` (of this node's type, at its place): its body is evaluated and shown
    /// in the subtree there is.
    func show<V: View>(_ view: V, _ context: ResolveContext) -> InPlaceResult {
        switch updateInPlace(child, with: context.session.body(of: view, context), Self.bodyContext(context)) {
        case .updated(let below):
            refreshChild = Self.refresher(view, context)
            return .updated(finishUpdate(adopted: false, below: below))
        case .replaced(let child):
            return .replaced(BodyNode(view, child: child, context))
        }
    }

    override var updatesInPlace: Bool { true }

    /// Takes the new view value to evaluate next time; the body itself is its child's.
    override func adopt(_ new: Node) -> Bool {
        refreshChild = (new as! BodyNode).refreshChild
        return false
    }

    /// True when `node` is this one or below it.
    func contains(_ node: Node) -> Bool {
        var found = false
        forEachNode { if $0 === node { found = true } }
        return found
    }
}
