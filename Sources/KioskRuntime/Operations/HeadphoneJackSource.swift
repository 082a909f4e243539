import KioskGestures
import KioskInput
#if canImport(Glibc)
import Glibc
#endif

/// The headphone jacks on the run loop: when headphones go in or out of any jack,
/// `changed` hears whether some are in now, with the time.
public final class HeadphoneJackSource: RunLoopSource {
    public let jacks: HeadphoneJacks
    private var wasPluggedIn: Bool
    private let changed: (Bool, Microseconds) -> Void

    public init(_ jacks: HeadphoneJacks, changed: @escaping (Bool, Microseconds) -> Void) {
        self.jacks = jacks
        wasPluggedIn = jacks.isPluggedIn
        self.changed = changed
    }

    public var pollDescriptors: [pollfd] {
        jacks.fileDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    }

    public func handle(_ ready: [pollfd]) {
        var pluggedIn = wasPluggedIn
        for fd in ready { pluggedIn = jacks.read(fd.fd) }
        guard pluggedIn != wasPluggedIn else { return }
        wasPluggedIn = pluggedIn
        changed(pluggedIn, MonotonicClock.now())
    }

    public var nextDeadline: Int64? { nil }
    public func advance(to now: Int64) {}
}
