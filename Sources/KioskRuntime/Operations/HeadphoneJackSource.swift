import KioskGestures
import KioskInput
#if canImport(Glibc)
import Glibc
#endif

/// The headphone jacks on the run loop: when headphones go in or out of any jack,
/// `changed` hears whether some are in now, with the time on the loop's `clock`.
public final class HeadphoneJackSource: RunLoopSource {
    public let jacks: HeadphoneJacks
    private var wasPluggedIn: Bool
    private let changed: (Bool, Microseconds) -> Void
    private let clock: any Clock

    public init(_ jacks: HeadphoneJacks, clock: any Clock, changed: @escaping (Bool, Microseconds) -> Void) {
        self.jacks = jacks
        self.clock = clock
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
        changed(pluggedIn, clock.now())
    }

    public var nextDeadline: Int64? { nil }
    public func advance(to now: Int64) {}
}
