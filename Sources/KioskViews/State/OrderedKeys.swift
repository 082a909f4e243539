import Glibc

/// Values kept in the order of their keys' UTF-8 bytes, so that the keys a path begins lie
/// together and are found by a binary search: a partial pass looks at its own views' state,
/// not at every view's. Written here because the packages we build with have no sorted
/// collection (swift-collections' ordered dictionaries keep insertion order).
struct OrderedKeys<Value> {
    private(set) var elements: [(key: String, value: Value)] = []

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

    /// Where in `elements` the keys that begin with `prefix`, byte for byte, are.
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
    /// given): below zero, zero or above. Compared with `memcmp`: keys are long paths that
    /// share most of their bytes.
    private static func compare(_ a: String, _ b: String, upTo limit: Int = .max) -> Int {
        var (a, b) = (a, b)
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let (m, n) = (min(x.count, limit), min(y.count, limit))
                let order = min(m, n) == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, min(m, n)))
                return order != 0 ? order : m - n
            }
        }
    }
}
