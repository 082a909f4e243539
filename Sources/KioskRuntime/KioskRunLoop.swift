import CKioskShim
import KioskDisplay
import KioskInput
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's one thread on a device: drives a `RunLoopScheduler` with poll(2) over the
/// display (flip events), the input, a timerfd armed for the scheduler's next deadline, a
/// signalfd (SIGINT/SIGTERM end the loop; the VT's release and acquire signals), the
/// hotplug monitor and the sources. With nothing scheduled poll sleeps without a timeout:
/// an idle kiosk makes no wake-ups at all.
///
/// On the process's main thread it is also the main actor's loop, as SwiftUI's run loop is
/// on a phone: its first source runs the main dispatch queue and Foundation's main run loop
/// timers (`MainThreadSource`), each when it is due, between reads of the input.
public final class KioskRunLoop {
    public let scheduler: RunLoopScheduler
    public let hotplug: HotplugMonitor?

    private let timer: Int32
    private let signals: Int32

    /// The scheduler runs on CLOCK_MONOTONIC, the timerfd's clock (and libinput's and DRM's).
    public init(display: any Display, input: (any InputSource)?, scene: KioskScene, console: (any ConsoleSwitching)?,
                hotplug: HotplugMonitor?, notifier: SystemdNotifier) throws(SystemError) {
        scheduler = RunLoopScheduler(display: display, input: input, scene: scene, console: console, notifier: notifier,
                                     clock: MonotonicClock())
        if MainQueue.isRunHere { scheduler.sources.append(MainThreadSource()) }
        self.hotplug = hotplug
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard timer >= 0 else { throw SystemError("create the run loop's timerfd") }
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in KioskRunLoop.handledSignals { sigaddset(&mask, s) }
        // Blocked, so they arrive only through the signalfd, at a safe point of the loop.
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        signals = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard signals >= 0 else {
            let error = SystemError("create the run loop's signalfd")
            close(timer)
            throw error
        }
    }

    static let handledSignals = [SIGINT, SIGTERM, SIGHUP, SIGUSR1, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal]

    deinit {
        close(timer)
        close(signals)
    }

    /// Runs until SIGINT/SIGTERM/SIGHUP or the scene finishes.
    public func run() throws -> RunLoopScheduler.Exit {
        var turnStart: (wall: Microseconds, cpu: Microseconds)?
        while true {
            try scheduler.drawIfNeeded()
            if let exit = scheduler.exit { return exit }
            arm(at: scheduler.nextDeadline)
            let sources = scheduler.sources
            var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: scheduler.display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: scheduler.input?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: hotplug?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
            let extra = sources.map(\.pollDescriptors)
            fds += extra.joined()
            if let turnStart {
                scheduler.recordTurn(wall: MonotonicClock.now() - turnStart.wall, cpu: threadCPUNow() - turnStart.cpu)
            }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            turnStart = (MonotonicClock.now(), threadCPUNow())
            if ready < 0 {
                if errno == EINTR { continue }
                throw SystemError("poll in the run loop")
            }
            var readiness = RunLoopScheduler.Readiness()
            if fds[0].revents != 0 { readiness.signals = readSignals() }
            if fds[1].revents != 0 {
                var expirations: UInt64 = 0
                _ = read(timer, &expirations, 8)
            }
            readiness.display = fds[2].revents != 0
            readiness.input = fds[3].revents != 0
            if fds[4].revents != 0, let hotplug { readiness.hotplug = hotplug.readHotplugs() }
            var next = 5
            for (source, wanted) in zip(sources, extra) {
                let ready = fds[next..<next + wanted.count].filter { $0.revents != 0 }
                next += wanted.count
                if !ready.isEmpty { readiness.sources.append((source, Array(ready))) }
            }
            try scheduler.turn(readiness)
        }
    }

    /// Sets the timerfd to `deadline` (CLOCK_MONOTONIC µs); nil disarms it.
    private func arm(at deadline: Microseconds?) {
        var spec = itimerspec()
        if let deadline {
            // An all-zero it_value would disarm: a deadline at time 0 still fires.
            let at = max(deadline, 1)
            spec.it_value = timespec(tv_sec: Int(at / 1_000_000), tv_nsec: Int(at % 1_000_000) * 1000)
        }
        timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    private func readSignals() -> [Int32] {
        var info = signalfd_siginfo()
        var numbers: [Int32] = []
        while read(signals, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            numbers.append(Int32(info.ssi_signo))
        }
        return numbers
    }
}

/// This thread's CPU time in µs.
func threadCPUNow() -> Microseconds {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Microseconds(now.tv_sec) * 1_000_000 + Microseconds(now.tv_nsec) / 1000
}
