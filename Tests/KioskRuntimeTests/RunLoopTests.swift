import KioskCore
import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
import KioskRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A scene that paints a 10x10 square at each touch and records what it was asked to do.
final class SquareScene: KioskScene {
    var frames: [TouchFrame] = []
    var renders = 0
    var pending = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    var spot: PixelRect?
    var stopWhen: () -> Bool = { false }
    var onRender: () -> Void = {}

    func handle(_ frame: TouchFrame) {
        frames.append(frame)
        for event in frame.events where event.phase != .up {
            let rect = PixelRect(x: Int(event.location.x), y: Int(event.location.y), width: 10, height: 10)
            if let spot { pending.formUnion(spot) }
            pending.formUnion(rect)
            spot = rect
        }
    }

    func advance(to time: Microseconds) {}
    var nextDeadline: Microseconds? { nil }
    var needsFrame: Bool { !pending.isEmpty }
    var isRunning: Bool { !stopWhen() }

    func render(into canvas: Canvas) -> Region {
        renders += 1
        canvas.fill(canvas.bounds, color: .black)
        if let spot { canvas.fill(spot, color: .white) }
        defer { pending = Region(); onRender() }
        return pending
    }
}

@MainActor
@Suite("Run loop", .serialized)
struct RunLoopTests {
    @Test func drawsOnlyWhenTheSceneChangedAndSleepsOtherwise() throws {
        let display = try HeadlessDisplay(width: 64, height: 48)
        let script = try TouchScript(parsing: "0 down 0 10 10\n30 move 0 30 20\n60 up 0\n90 end\n")
        let clock = ManualClock(1_000_000)
        let source = ScriptInputSource(script, clock: clock)
        let scene = SquareScene()
        scene.stopWhen = { source.isFinished }
        let loop = EmbeddedRunLoop(display: display, input: source, scene: scene, clock: clock)
        try loop.advanceTime(by: 10_000_000)
        #expect(loop.scheduler.exit == .sceneFinished)
        // It ended with the script's last frame.
        #expect(clock.now() == 1_060_000)
        // The first frame, the down and the move; the up changes nothing, so no frame.
        #expect(scene.renders == 3 && display.presentedFrames == 3)
        #expect(scene.frames.map { $0.events.map(\.phase) } == [[.down], [.move], [.up]])
        #expect(display.frame.argb(x: 35, y: 25) == 0xFFFF_FFFF && display.frame.argb(x: 12, y: 12) == 0xFF00_0000)
        // One wake-up per script frame (the `end` included), none in between.
        #expect(loop.scheduler.wakeUps <= 4, "woke \(loop.scheduler.wakeUps) times")
    }

    @Test func aStopSignalEndsTheLoopAndIdleMeansNoWakeUps() throws {
        let display = try HeadlessDisplay(width: 64, height: 48)
        let scene = SquareScene()
        // Signals the loop's own thread: it has them blocked and reads them from its signalfd.
        scene.onRender = { pthread_kill(pthread_self(), SIGHUP) }
        let loop = try KioskRunLoop(display: display, input: nil, scene: scene, console: nil, hotplug: nil,
                                    notifier: SystemdNotifier(environment: [:]))
        #expect(try loop.run() == .signal(SIGHUP))
        #expect(loop.scheduler.wakeUps == 1 && scene.renders == 1)
    }
}
