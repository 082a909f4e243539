#if canImport(Glibc)
import Glibc
#endif

/// Something more the run loop polls besides the display, the input and its timer: the
/// control socket and its clients, the pipes and pidfds of running actions. It runs on the
/// loop's thread, so it needs no locks; it must never block.
public protocol RunLoopSource: AnyObject {
    /// The descriptors to poll in the next round, each with the events wanted.
    var pollDescriptors: [pollfd] { get }
    /// Called with the entries of `pollDescriptors` that poll reported (`revents` set).
    func handle(_ ready: [pollfd])
    /// When `advance(to:)` must run next, CLOCK_MONOTONIC µs; nil when nothing is due.
    var nextDeadline: Int64? { get }
    /// The clock reached `now` (a deadline passed).
    func advance(to now: Int64)
}
