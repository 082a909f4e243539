extension Array {
    /// Appends `other`, sharing its buffer when this array is empty: `+=` makes a new buffer
    /// for an empty array even when `other` is empty too, and each frame of a drag joins
    /// several lists of events and gesture outputs that are almost always empty.
    mutating func appendAll(_ other: [Element]) {
        if other.isEmpty { return }
        if isEmpty { self = other } else { append(contentsOf: other) }
    }

    /// `self + other`, as `appendAll` joins them.
    func joined(with other: [Element]) -> [Element] {
        var joined = self
        joined.appendAll(other)
        return joined
    }
}
