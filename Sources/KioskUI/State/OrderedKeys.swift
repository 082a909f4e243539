import Glibc

/// Values kept in the order of their keys' UTF-8 bytes, so that the keys a path begins lie
/// together and are found by a binary search: a partial pass looks at its own views' state,
/// not at every view's. Written here because the packages we build with have no sorted
/// collection (swift-collections' ordered dictionaries keep insertion order).
struct OrderedKeys<Value> {
    private(set) var elements: [(key: String, value: Value)] = []

    var keys: [String] { elements.map(\.key) }

    /// Puts `value` under `key`, in place of the one there with the same bytes (keys are
    /// told apart byte for byte here, not by Unicode's canonical equivalence).
    mutating func set(_ value: Value, forKey key: String) {
        let index = firstIndex(notBelow: key)
        if index < elements.count, Self.compare(elements[index].key, key) == 0 {
            elements[index].value = value
        } else {
            elements.insert((key, value), at: index)
        }
    }

    /// Drops the elements `isGone` accepts.
    mutating func removeAll(where isGone: (Value) -> Bool) {
        elements.removeAll { isGone($0.value) }
    }

    /// The elements whose keys begin with `prefix`, byte for byte, in order.
    func elements(beginningWith prefix: String) -> ArraySlice<(key: String, value: Value)> {
        elements[indices(beginningWith: prefix)]
    }

    /// Where in `elements` the keys that begin with `prefix` are.
    func indices(beginningWith prefix: String) -> Range<Int> {
        let start = firstIndex(notBelow: prefix)
        var end = start
        while end < elements.count, Self.compare(elements[end].key, prefix, upTo: prefix.utf8.count) == 0 { end += 1 }
        return start..<end
    }

    /// The index of the first element whose key is not ordered before `key`.
    private func firstIndex(notBelow key: String) -> Int {
        var (low, high) = (0, elements.count)
        while low < high {
            let middle = (low + high) / 2
            if Self.compare(elements[middle].key, key) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How `a` orders against `b` by their UTF-8 bytes (the first `limit` of them, when
    /// given): below zero, zero or above. Compared with `memcmp` where the bytes are at
    /// hand: keys are long paths that share most of their bytes.
    private static func compare(_ a: String, _ b: String, upTo limit: Int = .max) -> Int {
        let order = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let (m, n) = (min(x.count, limit), min(y.count, limit))
                let order = min(m, n) == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, min(m, n)))
                return order != 0 ? order : m - n
            }
        }
        if let order = order ?? nil { return order }
        let (x, y) = (a.utf8.prefix(limit), b.utf8.prefix(limit))
        return x.elementsEqual(y) ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
    }
}
