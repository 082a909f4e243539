/// Where the time comes from: the device's monotonic clock, or a manual one a test sets.
/// Code that decides by time asks a clock it was given, so a test can make any time pass
/// without waiting for it.
public protocol Clock: Sendable {
    /// The time now, µs.
    func now() -> Microseconds
}
