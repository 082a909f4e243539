extension View {
    /// How this view comes in when it is inserted and goes out when it is removed (an `if`
    /// branch, a `ForEach` element) under `withAnimation` or an `.animation(_:value:)`
    /// around it; without an animation it appears and goes at once. A view without one
    /// fades (`.opacity`).
    public func transition(_ transition: AnyTransition) -> some View {
        modified { TransitionNode(transition: transition, direction: $1.environment.layoutDirection, child: $0, path: $1.path) }
    }
}

/// Where `.transition(_:)` was applied: it lays out and draws as its content, and tells the
/// host's animations how the content comes and goes.
final class TransitionNode: ModifierNode {
    private(set) var transition: AnyTransition
    /// The direction leading and trailing moves follow.
    let direction: LayoutDirection

    init(transition: AnyTransition, direction: LayoutDirection, child: Node, path: String) {
        self.transition = transition
        self.direction = direction
        super.init(child: child, path: path)
    }

    override var updatesInPlace: Bool { true }

    /// The transition is taken and changes nothing shown: it matters only when the view comes or goes.
    override func adopt(_ new: Node) -> Bool {
        transition = (new as! TransitionNode).transition
        return false
    }
}

extension Node {
    /// The transition of the view this node is: the first `.transition(_:)` down its chain
    /// of single children, or nil.
    var declaredTransition: TransitionNode? {
        var node: Node = self
        while true {
            if let found = node as? TransitionNode { return found }
            if let modifier = node as? ModifierNode {
                node = modifier.child
                continue
            }
            let children = node.children
            guard children.count == 1 else { return nil }
            node = children[0]
        }
    }
}
