#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in microseconds, the one real clock of the kiosk: the clock of evdev and
/// libinput timestamps and of DRM's page-flip events, so input latency is
/// `now() - frame.timestamp`.
public struct MonotonicClock: Clock {
    public init() {}

    public func now() -> Microseconds { Self.now() }

    public static func now() -> Microseconds {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Microseconds(now.tv_sec) * 1_000_000 + Microseconds(now.tv_nsec / 1000)
    }

    /// Sleeps until `time` on this clock (restarting after signals).
    public static func sleep(until time: Microseconds) {
        var target = timespec(tv_sec: Int(time / 1_000_000), tv_nsec: Int(time % 1_000_000) * 1000)
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
    }
}
