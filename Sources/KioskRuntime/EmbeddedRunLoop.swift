import KioskDisplay
import KioskInput

/// The kiosk's loop on a manual clock: the same `RunLoopScheduler` as on a device, but time
/// passes only when `advanceTime` says, jumping from one deadline to the next (a script's
/// touches, gesture timers, animation frames), so a test or a simulation plays seconds of
/// a kiosk in no time and always the same way. Nothing is polled: what a turn finds ready
/// is what is due on the clock (a scripted input's events among it).
///
/// On the process's main thread (`kiosk simulate`, `snapshot`) it runs the main queue after
/// every turn and frame until it is empty, as swift-nio's `EmbeddedEventLoop` runs what is
/// ready at each `advanceTime`: the main actor's work queued at a time on the clock (a
/// `Task` a tap's action started, a `.task` started when its view appeared, a
/// `DispatchQueue.main.async`) runs at that time, and what it changes is drawn then.
/// Work that waits for wall time cannot follow the manual clock: a `Timer`, an
/// `asyncAfter`, a `Task.sleep`, or a hop back from another thread comes in whichever turn
/// is running when it is queued, usually none (a simulation plays seconds in milliseconds).
/// Elsewhere (`swift test`, where the main queue has no thread of its own) it is left to
/// its owner.
public final class EmbeddedRunLoop {
    public let scheduler: RunLoopScheduler
    public let clock: ManualClock
    private let runsMainQueue = MainQueue.isRunHere
    /// Main-queue batches run at one time at most: work that queues itself again for ever
    /// goes on in the next turn instead of holding the clock.
    static let batchesPerTurn = 100

    public init(display: any Display, input: (any InputSource)?, scene: KioskScene, console: (any ConsoleSwitching)? = nil,
                notifier: SystemdNotifier = SystemdNotifier(environment: [:]), clock: ManualClock) {
        self.clock = clock
        scheduler = RunLoopScheduler(display: display, input: input, scene: scene, console: console, notifier: notifier,
                                     clock: clock)
    }

    /// Runs every turn due up to `instant`, each at its own time, drawing after each as the
    /// device's loop does, and leaves the clock at `instant`. Stops early, with the clock
    /// where it ended, once the loop exits (`scheduler.exit`).
    public func advanceTime(to instant: Microseconds) throws {
        try settle()
        while scheduler.exit == nil, let due = scheduler.nextDeadline, due <= instant {
            clock.advance(to: due)
            try scheduler.turn(RunLoopScheduler.Readiness())
            try settle()
        }
        if scheduler.exit == nil { clock.advance(to: instant) }
    }

    public func advanceTime(by duration: Microseconds) throws {
        try advanceTime(to: clock.now().adding(duration))
    }

    /// One turn with what a device would have made ready (a signal, a flip event), then a frame if one is due.
    public func turn(_ ready: RunLoopScheduler.Readiness) throws {
        try scheduler.turn(ready)
        try settle()
    }

    /// Draws a frame if one is due and, on the main thread, runs the main queue's batches
    /// (each followed by the frame it made due) until it is empty.
    private func settle() throws {
        try scheduler.drawIfNeeded()
        guard runsMainQueue else { return }
        var batches = 0
        while batches < Self.batchesPerTurn, MainQueue.runBatch() {
            try scheduler.drawIfNeeded()
            batches += 1
        }
    }
}
