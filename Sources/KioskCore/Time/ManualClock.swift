import Synchronization

/// A clock that moves only when told to: tests hand it where code would read the monotonic
/// clock, then advance it past a deadline instead of sleeping until it.
public final class ManualClock: Clock {
    private let time: Mutex<Microseconds>

    public init(_ start: Microseconds = 0) {
        time = Mutex(start)
    }

    public func now() -> Microseconds { time.withLock { $0 } }

    /// Moves the time to `instant`; a clock never goes back, so an earlier one is ignored.
    public func advance(to instant: Microseconds) {
        time.withLock { $0 = max($0, instant) }
    }

    public func advance(by duration: Microseconds) {
        time.withLock { $0 = $0.adding(max(0, duration)) }
    }
}
