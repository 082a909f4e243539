import CKioskShim
import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's one thread: poll(2) over the display (flip events), the input, a timerfd
/// (gesture deadlines, animation frames, the watchdog, a refused flip's retry), a signalfd
/// (SIGINT/SIGTERM end the loop; the VT's release and acquire signals) and the hotplug
/// monitor. Frames are drawn only when the scene has changed and the display can take one
/// (no flip pending), so frames are paced by flips; with nothing scheduled poll sleeps
/// without a timeout: an idle kiosk makes no wake-ups at all.
public final class KioskRunLoop {
    public let display: any Display
    public let input: (any InputSource)?
    public let scene: KioskScene
    public let console: (any ConsoleSwitching)?
    public let hotplug: HotplugMonitor?
    public let notifier: SystemdNotifier
    /// Called with a line for stderr: display gone/back, VT switches, recoverable errors.
    public var report: (String) -> Void = { _ in }
    /// More descriptors to poll (the control socket, running actions), in this order.
    public var sources: [RunLoopSource] = []

    private let timer: Int32
    private let signals: Int32
    private var nextWatchdog: Int64?
    private var retryAt: Int64?
    private var reportedMasterTaken = false
    private var announcedReady = false
    public private(set) var wakeUps = 0
    /// Frames drawn and handed to the display.
    public private(set) var framesPresented = 0
    /// Flips the driver refused (EBUSY), each retried later.
    public private(set) var missedFlips = 0
    /// Bumped whenever the scene draws into the display's canvas: the same generation is
    /// the same picture (a snapshot need not be encoded again).
    public private(set) var canvasGeneration = 0
    /// The longest turn of the loop (from poll's return to the next poll: everything that
    /// ran in between, a frame, touches, control clients) since `takeLongestTurn`, µs.
    private var longestTurn: Int64 = 0
    /// The same turn's CPU time (this thread's): the work itself, without the time the
    /// scheduler gave to other processes.
    private var longestTurnCPU: Int64 = 0
    /// Called on SIGUSR1 (`kill -USR1`): the frame grab.
    public var onUserSignal: () -> Void = {}
    /// Drawn ahead of a frame (`renderPending`), not yet presented.
    private var unpresented = Region()
    private var stopSignal: Int32?

    /// Touch-to-flip latency of the latest touches that changed the screen (DRM only).
    public private(set) var latencies = TouchLatencies()
    private var unshownTouch: (time: Int64, flipsAtArrival: Int)?
    private var touchInFlight: (time: Int64, flipsAtArrival: Int, shownAfter: Int)?

    /// Why `run` returned.
    public enum Exit: Equatable {
        case signal(Int32)
        case sceneFinished
    }

    public init(display: any Display, input: (any InputSource)?, scene: KioskScene, console: (any ConsoleSwitching)?,
                hotplug: HotplugMonitor?, notifier: SystemdNotifier) throws(SystemError) {
        self.display = display
        self.input = input
        self.scene = scene
        self.console = console
        self.hotplug = hotplug
        self.notifier = notifier
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
        nextWatchdog = notifier.watchdogInterval.map { MonotonicClock.now() + $0 }
    }

    static let handledSignals = [SIGINT, SIGTERM, SIGHUP, SIGUSR1, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal]

    deinit {
        close(timer)
        close(signals)
    }

    /// Runs until SIGINT/SIGTERM/SIGHUP or the scene finishes.
    public func run() throws -> Exit {
        var turnStart: (wall: Int64, cpu: Int64)?
        while true {
            try drawIfNeeded()
            if let stopSignal { return .signal(stopSignal) }
            if !scene.isRunning { return .sceneFinished }
            armTimer()
            var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: input?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: hotplug?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
            let extra = sources.map(\.pollDescriptors)
            fds += extra.joined()
            if let turnStart {
                longestTurn = max(longestTurn, MonotonicClock.now() - turnStart.wall)
                longestTurnCPU = max(longestTurnCPU, threadCPUNow() - turnStart.cpu)
            }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            turnStart = (MonotonicClock.now(), threadCPUNow())
            if ready < 0 {
                if errno == EINTR { continue }
                throw SystemError("poll in the run loop")
            }
            wakeUps += 1
            if fds[0].revents != 0 { handleSignals() }
            if fds[2].revents != 0 {
                display.handleEvents()
                recordLatency()
            }
            if fds[3].revents != 0, let input {
                for event in try input.readEvents() {
                    switch event {
                    case .touch(let frame):
                        let arrival = (time: frame.timestamp, flipsAtArrival: display.flips?.shown ?? 0)
                        scene.handle(frame)
                        // A touch that changes nothing on screen has no flip to wait for.
                        if unshownTouch == nil, display.flips != nil, scene.needsFrame { unshownTouch = arrival }
                    case .key(let key):
                        scene.handle(key)
                    }
                }
            }
            if fds[4].revents != 0, let hotplug, hotplug.readHotplugs() { reprobe() }
            var next = 5
            for (source, wanted) in zip(sources, extra) {
                let ready = fds[next..<next + wanted.count].filter { $0.revents != 0 }
                next += wanted.count
                if !ready.isEmpty { source.handle(Array(ready)) }
            }
            if fds[1].revents != 0 { timerFired() }
            announceReadyIfShown()
        }
    }

    private func drawIfNeeded() throws {
        if display.isTakenByAnotherProcess != reportedMasterTaken {
            reportedMasterTaken = display.isTakenByAnotherProcess
            report(reportedMasterTaken ? "display: another process took DRM master; frames wait until it lets go"
                                       : "display: DRM master is back; repainting")
        }
        if retryAt == nil, let delay = display.retryDelay {
            retryAt = MonotonicClock.now() + delay
            if !display.isTakenByAnotherProcess { missedFlips += 1 }
        }
        guard display.isReadyForFrame, scene.needsFrame || !unpresented.isEmpty else { return }
        if scene.needsFrame { canvasGeneration += 1 }
        let damage = unpresented.union(scene.needsFrame ? scene.render(into: display.canvas) : Region())
        unpresented = Region()
        try display.present(damage: damage)
        framesPresented += 1
        if let flips = display.flips, let touch = unshownTouch, !damage.isEmpty {
            unshownTouch = nil
            touchInFlight = (touch.time, touch.flipsAtArrival, flips.shown + (flips.isPending ? 1 : 0))
            recordLatency()
        }
        announceReadyIfShown()
    }

    /// Brings the display's canvas up to date now, ahead of the next frame (a snapshot
    /// wants what the screen is about to show); the next frame presents it.
    public func renderPending() {
        guard scene.needsFrame else { return }
        canvasGeneration += 1
        unpresented = unpresented.union(scene.render(into: display.canvas))
    }

    /// The longest turn since the last call, µs of wall and CPU time, and starts measuring afresh.
    public func takeLongestTurn() -> (wall: Int64, cpu: Int64) {
        defer { (longestTurn, longestTurnCPU) = (0, 0) }
        return (longestTurn, longestTurnCPU)
    }

    private func recordLatency() {
        guard let flips = display.flips, let touch = touchInFlight, flips.shown >= touch.shownAfter else { return }
        touchInFlight = nil
        latencies.append(.init(frames: flips.shown - touch.flipsAtArrival, microseconds: flips.lastShownTime - touch.time))
    }

    /// When the first frame reached the screen (CLOCK_MONOTONIC µs).
    public private(set) var firstShownTime: Int64?

    /// READY=1 once the first frame is on screen (for DRM: after its modeset or flip).
    private func announceReadyIfShown() {
        guard !announcedReady else { return }
        if let flips = display.flips, flips.shown == 0 { return }
        announcedReady = true
        firstShownTime = display.flips?.lastShownTime ?? MonotonicClock.now()
        notifier.notify("READY=1")
    }

    private func timerFired() {
        var expirations: UInt64 = 0
        _ = read(timer, &expirations, 8)
        let now = MonotonicClock.now()
        if let due = scene.nextDeadline, due <= now { scene.advance(to: now) }
        if let due = nextWatchdog, due <= now, let interval = notifier.watchdogInterval {
            notifier.notify("WATCHDOG=1")
            nextWatchdog = now + interval
        }
        for source in sources {
            if let due = source.nextDeadline, due <= now { source.advance(to: now) }
        }
        if let due = retryAt, due <= now {
            retryAt = nil
            do { try display.present(damage: Region()) } catch { report("display: \(error)") }
        }
    }

    /// The earliest of the scene's, the watchdog's, a flip retry's and the sources' deadlines;
    /// none disarms.
    private func armTimer() {
        let deadlines = ([scene.nextDeadline, nextWatchdog, retryAt] + sources.map(\.nextDeadline)).compactMap { $0 }
        var spec = itimerspec()
        if let due = deadlines.min() {
            let at = max(due, 1)
            spec.it_value = timespec(tv_sec: Int(at / 1_000_000), tv_nsec: Int(at % 1_000_000) * 1000)
        }
        timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    private func handleSignals() {
        var info = signalfd_siginfo()
        while read(signals, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            handle(signal: Int32(info.ssi_signo))
        }
    }

    /// A signal the signalfd delivered: a VT switch away or back, the frame grab, or a stop.
    func handle(signal number: Int32) {
        switch number {
        case VirtualTerminal.releaseSignal:
            do { try display.suspend() } catch { report("display: \(error)") }
            input?.suspend()
            console?.allowRelease()
            report("console: switched away; DRM master dropped")
        case VirtualTerminal.acquireSignal:
            console?.acknowledgeAcquire()
            do {
                try display.resume()
                try input?.resume()
                report("console: switched back; repainting")
            } catch {
                report("display: \(error)")
            }
        case SIGUSR1:
            onUserSignal()
        default:
            stopSignal = number
        }
    }

    private func reprobe() {
        do {
            if let change = try display.handleHotplug() { report("display: " + change) }
        } catch {
            report("display: \(error)")
        }
    }
}

/// This thread's CPU time in µs.
func threadCPUNow() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
}
