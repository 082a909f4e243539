/// Updating a resolved subtree in place: when a view is resolved again (a state change)
/// and comes out with the same structure, the nodes laid out, emitted and registered
/// with the gesture engine last time stay, take the new properties, and only what changed
/// is measured, emitted and registered again.
extension Node {
    /// True when `new`, this subtree resolved again, has the same structure: the same
    /// kinds of node at the same paths, each of a kind that updates in place.
    final func hasSameStructure(as new: Node) -> Bool {
        guard updatesInPlace, type(of: self) == type(of: new), path == new.path else { return false }
        let (mine, theirs) = (children, new.children)
        guard mine.count == theirs.count else { return false }
        for (a, b) in zip(mine, theirs) where !a.hasSameStructure(as: b) { return false }
        return true
    }

    /// Makes this subtree show `new` (of the same structure): each node takes its new
    /// properties; one that changed, and those above it, forget their sizes and what they
    /// emitted. True when anything changed. Frames are the caller's to place again.
    @discardableResult
    final func update(to new: Node) -> Bool {
        var changed = adopt(new)
        for (mine, theirs) in zip(children, new.children) where mine.update(to: theirs) { changed = true }
        if changed {
            forgetMeasurements()
            emission = nil
        }
        return changed
    }
}
