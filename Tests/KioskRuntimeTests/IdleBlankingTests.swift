import KioskCore
import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

@MainActor
@Suite("Idle blanking")
struct IdleBlankingTests {
    func frame(_ phase: TouchPhase, slot: Int = 0, at ms: Int64, x: Double = 10, y: Double = 10) -> TouchFrame {
        TouchFrame(events: [TouchEvent(slot: slot, phase: phase, location: TouchLocation(x: x, y: y), timestamp: ms * 1000)],
                   timestamp: ms * 1000)
    }

    @Test("Blanks after the idle time; a touch resets it; the waking touch is swallowed until it lifts")
    func policy() {
        let blanker = IdleBlanker(idleTimeout: 3_000_000, now: 0)
        #expect(blanker.nextDeadline == 3_000_000)
        #expect(blanker.filter(frame(.down, at: 1000)).frame != nil)
        #expect(blanker.filter(frame(.up, at: 1100)).frame != nil)
        #expect(blanker.nextDeadline == 4_100_000)
        #expect(blanker.advance(to: 3_000_000) == nil)
        #expect(blanker.advance(to: 4_100_000) == .blank)
        #expect(blanker.isBlanked && blanker.nextDeadline == nil)
        let wake = blanker.filter(frame(.down, at: 9000))
        #expect(wake.change == .wake && wake.frame == nil && !blanker.isBlanked)
        #expect(blanker.filter(frame(.move, at: 9050, x: 40)).frame == nil)
        // A second finger during the waking touch goes to the UI.
        #expect(blanker.filter(frame(.down, slot: 1, at: 9060)).frame?.events.map(\.slot) == [1])
        #expect(blanker.filter(frame(.up, at: 9100)).frame == nil)
        #expect(blanker.filter(frame(.up, slot: 1, at: 9110)).frame != nil)
        #expect(blanker.filter(frame(.down, at: 9200)).frame != nil)
        #expect(blanker.nextDeadline == 12_200_000)
    }

    @Test("The schedule's dark period starts blank; a touch at night lights the panel for a while")
    func schedule() throws {
        let night = try BlankSchedule(parsing: "22:00-06:00")
        #expect(night.isDark(at: 23 * 3600) && night.isDark(at: 3600) && !night.isDark(at: 12 * 3600))
        #expect(throws: BlankScheduleError.self) { try BlankSchedule(parsing: "22-6") }
        // The clock starts at 21:59:00.
        let blanker = IdleBlanker(idleTimeout: nil, schedule: night, now: 0) { t in (21 * 3600 + 59 * 60 + Int(t / 1_000_000)) % 86_400 }
        #expect(blanker.nextDeadline == 60_000_000)
        #expect(blanker.advance(to: 60_000_000) == .blank)
        #expect(blanker.filter(frame(.down, at: 100_000)).change == .wake)
        _ = blanker.filter(frame(.up, at: 100_100))
        // Lit for a minute, then dark again.
        #expect(blanker.nextDeadline == 160_100_000)
        #expect(blanker.advance(to: 160_100_000) == .blank)
        // The next dark start is tomorrow at 22:00.
        let tomorrow: Microseconds = 60_000_000 + 86_400_000_000
        #expect(blanker.nextDeadline == tomorrow, "\(String(describing: blanker.nextDeadline))")
    }

    @Test("On a display without DPMS the panel shows black; the waking touch triggers nothing, the next one does")
    func blankingAKiosk() throws {
        let file = try ScreenFile(parsing: """
            [display]
            idle_seconds = 3
            [[screens]]
            id = "main"
            [[screens.buttons]]
            id = "tap"
            title = "Tap"
            """, path: "idle.toml")
        #expect(file.display.idleSeconds == 3)
        var log: [String] = []
        let host = file.makeHost(size: Size(width: 200, height: 100), textEngine: try KioskTextEngine()) { _ in }
        let display = try HeadlessDisplay(width: 200, height: 100)
        let blanker = IdleBlanker(idleTimeout: 3_000_000, now: 0)
        let scene = BlankingScene(inner: HostScene(host: host, start: 0) { log.append($0) }, blanker: blanker, display: display,
                                  invalidate: host.invalidate)
        // Taps at 0, 10 s (the waking touch) and 11 s, on the loop's manual clock.
        let script = try TouchScript(parsing: """
            0 down 0 100 50
            50 up 0
            10000 down 0 100 50
            10050 up 0
            11000 down 0 100 50
            11050 up 0
            """)
        let clock = ManualClock()
        let loop = EmbeddedRunLoop(display: display, input: ScriptInputSource(script, start: 0, clock: clock), scene: scene, clock: clock)
        try loop.scheduler.drawIfNeeded()
        let lit = display.frame.argb(x: 100, y: 50)
        try loop.advanceTime(to: 50_000)
        #expect(log.count == 3)
        // Animations settle, then the idle time runs out 3 s after the last touch.
        try loop.advanceTime(to: 3_049_999)
        #expect(!scene.isBlanked && scene.nextDeadline == 3_050_000)
        try loop.advanceTime(to: 3_050_000)
        #expect(scene.isBlanked)
        #expect(display.frame.argb(x: 100, y: 50) == 0xFF00_0000 && display.frame.argb(x: 1, y: 1) == 0xFF00_0000)
        try loop.advanceTime(to: 10_050_000)
        #expect(log.count == 3, "the waking touch reached the UI: \(log)")
        #expect(!scene.isBlanked && display.frame.argb(x: 100, y: 50) == lit)
        try loop.advanceTime(to: 11_050_000)
        #expect(log.last == #"{"t_ms":11050,"button":"tap","event":"triggered","cause":"tap"}"#)
    }

    @Test("A bad blank_schedule in a screen file names the key")
    func badSchedule() {
        do {
            _ = try ScreenFile(parsing: "[display]\nblank_schedule = \"late\"\n[[screens]]\nid = \"m\"\n", path: "s.toml")
            Issue.record("loaded")
        } catch {
            #expect(error.description.hasPrefix("s.toml:2: key \"display.blank_schedule\": a blank schedule looks like"), "\(error)")
        }
    }
}
