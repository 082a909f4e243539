import Synchronization

/// A bounded cache that forgets the least recently used entries when full: by count, and
/// by bytes, since one entry (a full-screen shadow) can cost as much as hundreds of small
/// ones. Shared by every canvas (layers come and go, what they draw repeats), hence the lock.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
        var bytes = 0
    }

    private let state = Mutex(State())
    let capacity: Int
    let byteLimit: Int
    private let cost: @Sendable (Value) -> Int

    /// At most `capacity` entries costing `byteLimit` bytes in all (an entry dearer than
    /// that alone is made but not kept).
    init(capacity: Int, byteLimit: Int, cost: @escaping @Sendable (Value) -> Int) {
        self.capacity = capacity
        self.byteLimit = byteLimit
        self.cost = cost
    }

    /// The cached value for `key`, made with `make` (outside the lock) when missing.
    func value(for key: Key, make: () -> Value) -> Value {
        let cached: Value? = state.withLock { s in
            s.clock += 1
            guard let hit = s.entries[key] else { return nil }
            s.entries[key] = (hit.value, s.clock)
            return hit.value
        }
        if let cached { return cached }
        let made = make()
        let madeCost = cost(made)
        guard madeCost <= byteLimit else { return made }
        state.withLock { s in
            if let replaced = s.entries.removeValue(forKey: key) { s.bytes -= cost(replaced.value) }
            while s.entries.count >= capacity || s.bytes + madeCost > byteLimit,
                  let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                s.entries[oldest.key] = nil
                s.bytes -= cost(oldest.value.value)
            }
            s.entries[key] = (made, s.clock)
            s.bytes += madeCost
        }
        return made
    }

    var count: Int { state.withLock { $0.entries.count } }
    var bytes: Int { state.withLock { $0.bytes } }
}
