extension Microseconds {
    /// `self + duration`, held at the ends of the range instead of overflowing: a deadline
    /// past the end of time never comes, and never traps (a timestamp near `Int64.max`).
    func adding(_ duration: Microseconds) -> Microseconds {
        let (sum, overflow) = addingReportingOverflow(duration)
        guard overflow else { return sum }
        return duration > 0 ? .max : .min
    }
}
