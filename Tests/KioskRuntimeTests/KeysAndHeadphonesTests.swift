import Foundation
import KioskControl
import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

@MainActor
@Suite("Keys and headphones reaching a running kiosk")
struct KeysAndHeadphonesTests {
    func scene(_ lines: @escaping (String) -> Void) throws -> HostScene {
        let file = try ScreenFile(parsing: """
            [[screens]]
            id = "main"
            [[screens.buttons]]
            id = "go"
            title = "Go"
            [[screens.buttons]]
            id = "stop"
            title = "Stop"
            """, path: "keys.toml")
        let host = file.makeHost(size: Size(width: 400, height: 100), textEngine: try KioskTextEngine()) { _ in }
        return HostScene(host: host, start: 0, log: lines)
    }

    func key(_ key: KeyEvent.Key, _ pressed: Bool, at ms: Int64) -> KeyEvent {
        KeyEvent(key, isPressed: pressed, timestamp: ms * 1000)
    }

    @Test("A key wakes a blanked panel and is swallowed until released; the next key reaches the UI")
    func keyWakesAndIsSwallowed() throws {
        var lines: [String] = []
        let inner = try scene { lines.append($0) }
        let display = try HeadlessDisplay(width: 400, height: 100)
        let blanker = IdleBlanker(idleTimeout: 1_000_000, now: 0)
        var reports: [String] = []
        let blanking = BlankingScene(inner: inner, blanker: blanker, display: display, invalidate: inner.host.invalidate) {
            reports.append($0)
        }
        blanking.handle(key(.tab, true, at: 500))
        blanking.handle(key(.tab, false, at: 550))
        #expect(lines == [#"{"t_ms":500,"event":"speak","text":"Go, button"}"#])
        // The keys counted as activity: the panel blanks a second after the last.
        #expect(blanker.nextDeadline == 1_550_000)
        blanking.advance(to: 1_550_000)
        #expect(blanking.isBlanked)
        blanking.handle(key(.tab, true, at: 2000))
        #expect(!blanking.isBlanked && reports.last == "idle: panel woken by a key")
        blanking.handle(key(.tab, false, at: 2050))
        #expect(lines.count == 1)
        blanking.handle(key(.enter, true, at: 2100))
        blanking.handle(key(.enter, false, at: 2150))
        #expect(lines.last == #"{"t_ms":2100,"button":"go","event":"triggered","cause":"accessibility"}"#)
    }

    @Test("Headphones in turn the screen reader on, spoken; out, the mode from before is back")
    func headphonesSwitchTheScreenReader() throws {
        var lines: [String] = []
        var spoken: [String] = []
        let scene = try scene { lines.append($0) }
        scene.speak = { text, _ in spoken.append(text) }
        scene.headphones(pluggedIn: true, at: 1000)
        #expect(scene.host.accessibilityMode == .explore)
        scene.headphones(pluggedIn: true, at: 2000)
        scene.headphones(pluggedIn: false, at: 3000)
        #expect(scene.host.accessibilityMode == .standard)
        #expect(spoken == ["Screen reader on", "Screen reader off"])
        #expect(lines == [#"{"t_ms":1,"event":"speak","text":"Screen reader on"}"#,
                          #"{"t_ms":3,"event":"speak","text":"Screen reader off"}"#])
        // Explore on by the operator stays on when headphones come and go.
        scene.setAccessibilityMode(.explore)
        scene.headphones(pluggedIn: true, at: 4000)
        scene.headphones(pluggedIn: false, at: 5000)
        #expect(scene.host.accessibilityMode == .explore && spoken.count == 3)
    }

    @Test("kiosk simulate plays a script's keys: Tab, Tab, Enter press the second button")
    func simulatedKeys() throws {
        var lines: [String] = []
        let scene = try scene { lines.append($0) }
        let simulation = try Simulation(host: scene.host)
        try simulation.play(try TouchScript(parsing: "0 key tab\n100 key tab\n200 key enter\n300 end"))
        #expect(simulation.events.map { EventLog.line(for: $0) } == [
            #"{"t_ms":0,"event":"speak","text":"Go, button"}"#,
            #"{"t_ms":100,"event":"speak","text":"Stop, button"}"#,
            #"{"t_ms":200,"button":"stop","event":"triggered","cause":"accessibility"}"#,
        ])
    }
}
