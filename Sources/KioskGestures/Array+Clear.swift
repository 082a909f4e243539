extension Array {
    /// Empties the array. Recognizers empty their phase lists after every event, and those
    /// are mostly empty already. A list that is not lets its storage go: in the views'
    /// recognizers, which run unspecialized, `removeAll(keepingCapacity:)` costs far more
    /// than the next append's allocation; `count` rather than `isEmpty` for the same reason.
    @inlinable mutating func clear() {
        if count != 0 { self = [] }
    }
}
