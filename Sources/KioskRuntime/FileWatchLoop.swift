import CKioskShim
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// A `FileWatch` driven on its own, with no display or UI (`kiosk snapshot --watch`): waits
/// for changes and runs them when due, until SIGINT or SIGTERM.
public enum FileWatchLoop {
    /// Runs `watch` (made on `MonotonicClock`) until a stop signal; returns its number.
    public static func run(_ watch: FileWatch) throws(SystemError) -> Int32 {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        // Blocked, so they arrive only through the signalfd, between changes.
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        let signals = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard signals >= 0 else { throw SystemError("create a signalfd to stop watching") }
        defer { close(signals) }
        while true {
            var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0)] + watch.pollDescriptors
            // Whole milliseconds, rounded up, so a wake-up is never early.
            let timeout = watch.nextDeadline.map { Int32(clamping: max(0, ($0 - MonotonicClock.now() + 999) / 1000)) } ?? -1
            if poll(&fds, nfds_t(fds.count), timeout) < 0 {
                if errno == EINTR { continue }
                throw SystemError("poll the watched files")
            }
            if fds[0].revents != 0 {
                var info = signalfd_siginfo()
                if read(signals, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                    return Int32(info.ssi_signo)
                }
            }
            let ready = fds.dropFirst().filter { $0.revents != 0 }
            if !ready.isEmpty { watch.handle(Array(ready)) }
            watch.advance(to: MonotonicClock.now())
        }
    }
}
