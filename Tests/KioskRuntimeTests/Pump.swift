import KioskCore
import KioskRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Hands `source` what becomes ready until `done`, as the run loop would, with the time
/// standing still at `now()`: poll waits for the descriptors alone (a child's output or
/// exit, a client's request), never for a time to pass. A test that wants a deadline to
/// pass moves its clock itself.
func pump(_ source: RunLoopSource, now: () -> Microseconds, until done: () -> Bool) {
    while !done() {
        if let due = source.nextDeadline, due <= now() {
            source.advance(to: now())
            continue
        }
        var fds = source.pollDescriptors
        guard !fds.isEmpty else {
            Issue.record("nothing left to wait for, and not done")
            return
        }
        if poll(&fds, nfds_t(fds.count), -1) > 0 { source.handle(fds.filter { $0.revents != 0 }) }
    }
}
