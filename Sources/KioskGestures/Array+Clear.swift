extension Array {
    /// Empties the array and keeps its storage. Recognizers empty their phase lists after
    /// every event, and those are mostly empty already, where `removeAll(keepingCapacity:)`
    /// still costs a call into the standard library.
    @inlinable mutating func clear() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
