import KioskDisplay
import KioskInput

/// The kiosk's loop on a manual clock: the same `RunLoopScheduler` as on a device, but time
/// passes only when `advanceTime` says, jumping from one deadline to the next (a script's
/// touches, gesture timers, animation frames), so a test or a simulation plays seconds of
/// a kiosk in no time and always the same way. Nothing is polled: what a turn finds ready
/// is what is due on the clock (a scripted input's events among it).
public final class EmbeddedRunLoop {
    public let scheduler: RunLoopScheduler
    public let clock: ManualClock

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
        try scheduler.drawIfNeeded()
        while scheduler.exit == nil, let due = scheduler.nextDeadline, due <= instant {
            clock.advance(to: due)
            try scheduler.turn(RunLoopScheduler.Readiness())
            try scheduler.drawIfNeeded()
        }
        if scheduler.exit == nil { clock.advance(to: instant) }
    }

    public func advanceTime(by duration: Microseconds) throws {
        try advanceTime(to: clock.now().adding(duration))
    }

    /// One turn with what a device would have made ready (a signal, a flip event), then a frame if one is due.
    public func turn(_ ready: RunLoopScheduler.Readiness) throws {
        try scheduler.turn(ready)
        try scheduler.drawIfNeeded()
    }
}
