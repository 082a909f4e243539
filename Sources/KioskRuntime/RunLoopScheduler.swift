import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
#if canImport(Glibc)
import Glibc
#endif

/// What the kiosk's loop does, without waiting for anything: given what became ready
/// (signals, page-flip events, input, a hotplug, the sources' descriptors) and the time on
/// its clock, it runs what is due (the scene's gesture timers and animation frames, a
/// played script's input, the watchdog, a refused flip's retry, the sources' deadlines) and
/// draws a frame when the scene changed and the display can take one. It says when it next
/// has something due, so whoever drives it knows how long to sleep: `KioskRunLoop` with
/// poll(2) on a device, `EmbeddedRunLoop` on a manual clock in tests and simulations.
public final class RunLoopScheduler {
    public let display: any Display
    public let input: (any InputSource)?
    public let scene: KioskScene
    public let console: (any ConsoleSwitching)?
    public let notifier: SystemdNotifier
    public let clock: any Clock
    /// Called with a line for stderr: display gone/back, VT switches, recoverable errors.
    public var report: (String) -> Void = { _ in }
    /// More descriptors to poll (the control socket, running actions), in this order.
    public var sources: [RunLoopSource] = []
    /// Called on SIGUSR1 (`kill -USR1`): the frame grab.
    public var onUserSignal: () -> Void = {}
    /// Called after each presented frame that changed something, with its time and damage.
    public var onFrame: ((Microseconds, Region) throws -> Void)?

    /// Turns of the loop: each time something became ready or due.
    public private(set) var wakeUps = 0
    /// Frames drawn and handed to the display.
    public private(set) var framesPresented = 0
    /// Flips the driver refused (EBUSY), each retried later.
    public private(set) var missedFlips = 0
    /// Bumped whenever the scene draws into the display's canvas: the same generation is
    /// the same picture (a snapshot need not be encoded again).
    public private(set) var canvasGeneration = 0
    /// When the first frame reached the screen (the clock's µs).
    public private(set) var firstShownTime: Microseconds?
    /// Touch-to-flip latency of the latest touches that changed the screen (DRM only).
    public var latencies: TouchLatencies { latency.latencies }

    private var latency = TouchLatencyTracker()
    private var nextWatchdog: Microseconds?
    private var retryAt: Microseconds?
    private var reportedMasterTaken = false
    private var announcedReady = false
    /// Drawn ahead of a frame (`renderPending`), not yet presented.
    private var unpresented = Region()
    private var stopSignal: Int32?
    /// The longest turn (and its CPU time) the driver measured since `takeLongestTurn`, µs.
    private var longestTurn: (wall: Microseconds, cpu: Microseconds) = (0, 0)
    /// The longest turn since the loop started, µs of wall time: the worst a touch waited.
    public private(set) var longestTurnSinceStart: Microseconds = 0

    /// Why the loop ends.
    public enum Exit: Equatable {
        case signal(Int32)
        case sceneFinished
    }

    /// What became ready since the last turn.
    public struct Readiness {
        public var signals: [Int32] = []
        /// The display's descriptor is readable (page flips completed).
        public var display = false
        /// The input's descriptor is readable.
        public var input = false
        /// A display was plugged in or out.
        public var hotplug = false
        /// Each source with its descriptors that poll reported, in `sources` order.
        public var sources: [(RunLoopSource, [pollfd])] = []

        public init() {}
    }

    public init(display: any Display, input: (any InputSource)?, scene: KioskScene, console: (any ConsoleSwitching)?,
                notifier: SystemdNotifier, clock: any Clock) {
        self.display = display
        self.input = input
        self.scene = scene
        self.console = console
        self.notifier = notifier
        self.clock = clock
        nextWatchdog = notifier.watchdogInterval.map { clock.now() + $0 }
    }

    /// Set once the loop should end: a stop signal came or the scene finished.
    public var exit: Exit? {
        if let stopSignal { return .signal(stopSignal) }
        return scene.isRunning ? nil : .sceneFinished
    }

    /// The earliest of the scene's, the input's, the watchdog's, a flip retry's and the
    /// sources' deadlines; nil when nothing is scheduled (an idle kiosk sleeps until a
    /// descriptor wakes it).
    public var nextDeadline: Microseconds? {
        var earliest = [scene.nextDeadline, input?.nextEventTime, nextWatchdog, retryAt].compactMap { $0 }.min()
        for source in sources {
            if let due = source.nextDeadline, due < earliest ?? .max { earliest = due }
        }
        return earliest
    }

    /// One turn: handles what became ready, then what is due on the clock now.
    public func turn(_ ready: Readiness) throws {
        wakeUps += 1
        for signal in ready.signals { handle(signal: signal) }
        if ready.display {
            display.handleEvents()
            latency.flipsAdvanced(display.flips)
        }
        if ready.input || isDue(input?.nextEventTime) { try readInput() }
        if ready.hotplug { reprobe() }
        for (source, fds) in ready.sources { source.handle(fds) }
        runDue()
        announceReadyIfShown()
    }

    /// Draws and presents a frame when the scene changed and the display can take one.
    public func drawIfNeeded() throws {
        if display.isTakenByAnotherProcess != reportedMasterTaken {
            reportedMasterTaken = display.isTakenByAnotherProcess
            report(reportedMasterTaken ? "display: another process took DRM master; frames wait until it lets go"
                                       : "display: DRM master is back; repainting")
        }
        if retryAt == nil, let delay = display.retryDelay {
            retryAt = clock.now() + delay
            if !display.isTakenByAnotherProcess { missedFlips += 1 }
        }
        guard display.isReadyForFrame, scene.needsFrame || !unpresented.isEmpty else { return }
        if scene.needsFrame { canvasGeneration += 1 }
        let damage = unpresented.union(scene.needsFrame ? scene.render(into: display.canvas) : Region())
        unpresented = Region()
        try display.present(damage: damage)
        framesPresented += 1
        latency.framePresented(damage: damage, flips: display.flips)
        announceReadyIfShown()
        if !damage.isEmpty { try onFrame?(clock.now(), damage) }
    }

    /// Brings the display's canvas up to date now, ahead of the next frame (a snapshot
    /// wants what the screen is about to show); the next frame presents it.
    public func renderPending() {
        guard scene.needsFrame else { return }
        canvasGeneration += 1
        unpresented = unpresented.union(scene.render(into: display.canvas))
    }

    /// The driver measured a turn: from its wake-up to its next sleep, wall and CPU µs.
    public func recordTurn(wall: Microseconds, cpu: Microseconds) {
        longestTurn = (max(longestTurn.wall, wall), max(longestTurn.cpu, cpu))
        longestTurnSinceStart = max(longestTurnSinceStart, wall)
    }

    /// The longest turn since the last call, µs of wall and CPU time, and starts measuring afresh.
    public func takeLongestTurn() -> (wall: Microseconds, cpu: Microseconds) {
        defer { longestTurn = (0, 0) }
        return longestTurn
    }

    /// A signal: a VT switch away or back, the frame grab, or a stop.
    public func handle(signal number: Int32) {
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

    private func isDue(_ deadline: Microseconds?) -> Bool {
        deadline.map { $0 <= clock.now() } ?? false
    }

    private func readInput() throws {
        guard let input else { return }
        for event in try input.readEvents() {
            switch event {
            case .touch(let frame):
                let flips = display.flips
                scene.handle(frame)
                latency.touchArrived(at: frame.timestamp, changedScreen: scene.needsFrame, flips: flips)
            case .key(let key):
                scene.handle(key)
            }
        }
    }

    private func runDue() {
        let now = clock.now()
        if isDue(scene.nextDeadline) { scene.advance(to: now) }
        if isDue(nextWatchdog), let interval = notifier.watchdogInterval {
            notifier.notify("WATCHDOG=1")
            nextWatchdog = now + interval
        }
        for source in sources where isDue(source.nextDeadline) { source.advance(to: now) }
        if isDue(retryAt) {
            retryAt = nil
            do { try display.present(damage: Region()) } catch { report("display: \(error)") }
        }
    }

    /// READY=1 once the first frame is on screen (for DRM: after its modeset or flip).
    private func announceReadyIfShown() {
        guard !announcedReady else { return }
        if let flips = display.flips, flips.shown == 0 { return }
        announcedReady = true
        firstShownTime = display.flips?.lastShownTime ?? clock.now()
        notifier.notify("READY=1")
    }

    private func reprobe() {
        do {
            if let change = try display.handleHotplug() { report("display: " + change) }
        } catch {
            report("display: \(error)")
        }
    }
}
