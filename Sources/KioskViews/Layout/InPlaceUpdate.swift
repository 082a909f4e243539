/// Updating a resolved subtree in place: when a view is resolved again (a state change)
/// and comes out with the same structure, the nodes laid out, emitted and registered
/// with the gesture engine last time stay, take the new properties, and only what changed
/// is measured, emitted and registered again.
extension Node {
    /// True when `new`, this subtree resolved again, has the same structure: the same
    /// kinds of node at the same paths, each of a kind that updates in place.
    final func hasSameStructure(as new: Node) -> Bool {
        guard updatesInPlace, type(of: self) == type(of: new), path == new.path, childCount == new.childCount else { return false }
        for i in 0..<childCount where !childNode(at: i).hasSameStructure(as: new.childNode(at: i)) { return false }
        return true
    }

    /// Makes this subtree show `new` (of the same structure): each node takes its new
    /// properties; one that changed, and those above it, forget what they emitted, and
    /// forget their sizes unless the change cannot resize them (a drag's offset moves a
    /// view without resizing anything, so its ancestors keep their measurements). True
    /// when anything changed. Frames are the caller's to place again.
    @discardableResult
    final func update(to new: Node) -> Bool { merge(new).changed }

    final func merge(_ new: Node) -> NodeUpdate {
        var below = NodeUpdate.unchanged
        for i in 0..<childCount { below.add(childNode(at: i).merge(new.childNode(at: i))) }
        return adopt(new, below: below)
    }

    /// Takes the own properties of `new` (the same kind of node at the same path) once the
    /// children were updated with `below`.
    final func adopt(_ new: Node, below: NodeUpdate) -> NodeUpdate {
        finishUpdate(adopted: adopt(new), below: below)
    }

    /// Forgets what an update makes stale once the children were updated with `below`
    /// and this node took its own new properties (`adopted`: one of them changed).
    @usableFromInline final func finishUpdate(adopted: Bool, below: NodeUpdate) -> NodeUpdate {
        var update = below
        update.add(NodeUpdate(changed: adopted, resized: adopted && !adoptionKeepsSize))
        if update.resized { forgetMeasurements() }
        if update.changed { forgetEmission() }
        return update
    }
}

/// What updating a subtree in place did: whether anything in it changed, and whether
/// that can change its size.
@usableFromInline struct NodeUpdate: Sendable {
    var changed: Bool
    var resized: Bool

    @usableFromInline static let unchanged = NodeUpdate(changed: false, resized: false)

    mutating func add(_ other: NodeUpdate) {
        changed = changed || other.changed
        resized = resized || other.resized
    }
}

/// What showing a view in the subtree it resolved to before did.
@usableFromInline enum InPlaceResult {
    /// The nodes there are show it now.
    case updated(NodeUpdate)
    /// It resolves to another structure now: this subtree, resolved afresh, replaces them.
    case replaced(Node)
}

/// Shows `view` in `node`, the subtree it (or the view before it at the same place)
/// resolved to: the nodes take the new properties where they are, and only a view whose
/// kind cannot say how is resolved afresh and merged. Where the structure changed, that
/// part is resolved afresh and the views above it wrap it anew: every body is evaluated
/// once either way.
@inlinable func updateInPlace<V: View>(_ node: Node, with view: V, _ context: ResolveContext) -> InPlaceResult {
    V._update(view, in: _ViewPlace(node: node, context: context)).result
}

/// Where a view is shown again (`View._update`): the node a view at its place resolved to
/// before, and the context it resolves in now.
public struct _ViewPlace {
    @usableFromInline let node: Node
    @usableFromInline let context: ResolveContext

    @usableFromInline init(node: Node, context: ResolveContext) {
        (self.node, self.context) = (node, context)
    }
}

/// What showing a view in its place did (`View._update`).
public struct _ViewPlaceResult {
    @usableFromInline let result: InPlaceResult

    @usableFromInline init(_ result: InPlaceResult) { self.result = result }
}

extension View {
    /// A view with a body of its own (`updateComposite`).
    @inlinable public static func _update(_ view: Self, in place: _ViewPlace) -> _ViewPlaceResult {
        _ViewPlaceResult(updateComposite(place.node, with: view, place.context))
    }
}

extension View where Body == Never {
    /// A view built into KioskUI, shown as its kind says (`updateByKind`).
    @inlinable public static func _update(_ view: Self, in place: _ViewPlace) -> _ViewPlaceResult {
        _ViewPlaceResult(updateByKind(place.node, with: view, place.context))
    }
}

/// `updateInPlace` for a view whose kind is asked of its type at run time: the views built
/// into KioskUI that are not specialized where bodies use them.
@usableFromInline func updateByKind<V: View>(_ node: Node, with view: V, _ context: ResolveContext) -> InPlaceResult {
    switch context.session.store.kind(of: V.self) {
    case .primitive(let primitive):
        return primitive.update(node, of: view, context)
    case .composite:
        return updateComposite(node, with: view, context)
    case .multi:
        return merging(resolve(view, context), into: node)
    }
}

/// `updateInPlace` for a view with a body of its own: the body is evaluated again and shown
/// in the subtree below the view's body node, or the view is resolved afresh when another
/// view was there.
@inlinable func updateComposite<V: View>(_ node: Node, with view: V, _ context: ResolveContext) -> InPlaceResult {
    guard let body = node as? BodyNode, body.path == context.path, body.viewType == V.self else {
        return .replaced(resolve(view, context))
    }
    return body.show(view, context)
}

/// Merges `fresh`, a view resolved afresh, into `node`, what it resolved to before, when
/// they have the same structure.
@usableFromInline func merging(_ fresh: Node, into node: Node) -> InPlaceResult {
    node.hasSameStructure(as: fresh) ? .updated(node.merge(fresh)) : .replaced(fresh)
}

extension PrimitiveView {
    /// Shows this view in `node` by resolving it afresh and merging; a kind that wraps
    /// one child updates that child in place instead.
    func update(_ node: Node, _ context: ResolveContext) -> InPlaceResult {
        merging(makeNode(context), into: node)
    }

    /// `update` for `view`, which is of this type.
    static func update<V>(_ node: Node, of view: V, _ context: ResolveContext) -> InPlaceResult {
        unsafeBitCast(view, to: Self.self).update(node, context)
    }
}
