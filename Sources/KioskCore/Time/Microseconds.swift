/// Time in microseconds on a monotonic clock: the kernel's CLOCK_MONOTONIC on a device
/// (evdev and libinput stamp events with it), or a virtual one a test or a script advances.
public typealias Microseconds = Int64

extension Microseconds {
    /// `self + duration`, held at the ends of the range instead of overflowing: a deadline
    /// past the end of time never comes, and never traps (a timestamp near `Int64.max`).
    @inlinable
    public func adding(_ duration: Microseconds) -> Microseconds {
        let (sum, overflow) = addingReportingOverflow(duration)
        guard overflow else { return sum }
        return duration > 0 ? .max : .min
    }
}

extension Microseconds {
    /// The time in milliseconds as people write it: `600`, or `600.5` between whole ones.
    public var millisecondsText: String {
        self % 1000 == 0 ? "\(self / 1000)" : "\(Double(self) / 1000)"
    }
}
