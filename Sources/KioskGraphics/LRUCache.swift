import Synchronization

/// A bounded cache that forgets the least recently used entry when full. Shared by every
/// canvas (layers come and go, what they draw repeats), hence the lock.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
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
        state.withLock { s in
            if s.entries.count >= capacity, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                s.entries[oldest.key] = nil
            }
            s.entries[key] = (made, s.clock)
        }
        return made
    }

    var count: Int { state.withLock { $0.entries.count } }
}
