/// A view of the product's own (one with a `body`). Its body is evaluated under
/// observation tracking of its own, so a model change marks only the views that read it,
/// and the host re-resolves just those (`rebuild`) in the frames they had.
final class BodyNode: ModifierNode {
    private(set) var rebuild: (ResolveSession) -> Node

    /// `body` is `view.body`, evaluated under tracking for `context.path`.
    init<V: View>(_ view: V, body: V.Body, _ context: ResolveContext) {
        var inner = context
        inner.path += "~"
        let path = context.path
        rebuild = { session in
            var again = inner
            again.session = session
            var outer = context
            outer.session = session
            return resolve(session.body(of: view, outer), again)
        }
        super.init(child: resolve(body, inner), path: path)
    }

    override var updatesInPlace: Bool { true }

    /// Takes the new view value to evaluate next time; the body itself is its child's.
    override func adopt(_ new: Node) -> Bool {
        rebuild = (new as! BodyNode).rebuild
        return false
    }

    /// True when `node` is this one or below it.
    func contains(_ node: Node) -> Bool {
        var found = false
        forEachNode { if $0 === node { found = true } }
        return found
    }
}
