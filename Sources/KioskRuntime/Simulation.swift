import FoundationEssentials
import Glibc
import KioskCore
import KioskControl
import KioskDisplay
import KioskInput
import KioskViews

/// Plays a touch script into a host on an embedded run loop: a headless display, the script
/// as the loop's input and a manual clock that jumps to each touch frame and key and to
/// each deadline in between (gesture timers and animation frames), with a frame rendered
/// whenever the host needs one, as on a device.
public final class Simulation {
    public let host: UIHost
    public let display: HeadlessDisplay
    /// The shadow canvas the host draws into: the picture at the time played to.
    public var canvas: Canvas { display.canvas }
    /// The events so far, unless `onEvents` takes them.
    public private(set) var events: [UIEvent] = []
    /// Called after each rendered frame with its time and damage.
    public var onFrame: ((Microseconds, Region) throws -> Void)?
    /// When set, events go here as they happen instead of piling up in `events`, so a long
    /// script (a day of repeats) plays in constant memory.
    public var onEvents: (([UIEvent]) -> Void)?
    /// Called at every multiple of `interval` on the virtual clock (a soak's memory
    /// readings), after what was due by then has run.
    public var onTick: (interval: Microseconds, action: (Microseconds) -> Void)?

    public init(host: UIHost) throws {
        self.host = host
        display = try HeadlessDisplay(width: Int(host.size.width), height: Int(host.size.height))
    }

    /// Plays `script` from time 0 up to `limit` (default: the script's end) and renders the state there.
    public func play(_ script: TouchScript, until limit: Microseconds? = nil) throws {
        let end = min(script.endTime, limit ?? .max)
        let clock = ManualClock()
        let scene = SimulatedScene(host: host, end: end, tick: onTick) { [unowned self] new in
            if let onEvents { onEvents(new) } else { events += new }
        }
        let loop = EmbeddedRunLoop(display: display, input: ScriptInputSource(script, start: 0, clock: clock), scene: scene,
                                   clock: clock)
        loop.scheduler.onFrame = { [unowned self] time, damage in try onFrame?(time, damage) }
        try loop.advanceTime(to: end)
    }
}

/// The host as the simulation's scene: its events go to `record`, and it ends at `end`,
/// where the host is advanced to (a snapshot at a time shows the state then).
private final class SimulatedScene: KioskScene {
    let host: UIHost
    let end: Microseconds
    let record: ([UIEvent]) -> Void
    private let tick: (interval: Microseconds, action: (Microseconds) -> Void)?
    private var nextTick: Microseconds?
    private var ended = false

    init(host: UIHost, end: Microseconds, tick: (interval: Microseconds, action: (Microseconds) -> Void)?,
         record: @escaping ([UIEvent]) -> Void) {
        self.host = host
        self.end = end
        self.tick = tick
        nextTick = tick.map { $0.interval > 0 ? $0.interval : .max }
        self.record = record
    }

    func handle(_ frame: TouchFrame) { emit(host.handle(frame)) }
    func handle(_ key: KeyEvent) { emit(host.handle(key)) }

    func advance(to time: Microseconds) {
        emit(host.advance(to: time))
        while let tick, let due = nextTick, due <= time {
            tick.action(due)
            nextTick = due + tick.interval
        }
        ended = ended || time >= end
    }

    var nextDeadline: Microseconds? { min(host.nextDeadline ?? end, end, nextTick ?? end) }
    var needsFrame: Bool { host.needsFrame }
    var isRunning: Bool { !ended }
    func render(into canvas: Canvas) -> Region { host.render(into: canvas) }

    private func emit(_ events: [UIEvent]) {
        if !events.isEmpty { record(events) }
    }
}

extension Simulation {
    /// Writes `frame-NNNN-tMS.png` into `directory` (made if missing) for every frame that
    /// changes from now on: `simulate --frames` for screen files and Swift kiosks alike.
    public func writeFrames(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var count = 0
        onFrame = { [unowned self] time, _ in
            let name = String(cFormat: "frame-%04d-t", count) + EventLog.milliseconds(time) + ".png"
            try canvas.writePNG(to: directory + "/" + name)
            count += 1
        }
    }
}
