extension Array {
    /// Empties the array keeping its storage, removing from the end. The lists a frame
    /// empties and fills again (phases, outputs, marked paths) hold an element or two,
    /// for which `removeAll(keepingCapacity:)`'s general replacement costs several times
    /// the removals.
    @inlinable public mutating func emptyKeepingCapacity() {
        while count != 0 { removeLast() }
    }
}
