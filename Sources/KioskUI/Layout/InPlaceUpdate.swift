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

    private func merge(_ new: Node) -> (changed: Bool, resized: Bool) {
        let adopted = adopt(new)
        var (changed, resized) = (adopted, adopted && !adoptionKeepsSize)
        for i in 0..<childCount {
            let child = childNode(at: i).merge(new.childNode(at: i))
            changed = changed || child.changed
            resized = resized || child.resized
        }
        if resized { forgetMeasurements() }
        if changed { emission = nil }
        return (changed, resized)
    }
}
