import KioskGestures
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

@MainActor
@Suite("Host scene: the UI host under the run loop")
struct HostSceneTests {
    func host() throws -> UIHost {
        let file = try ScreenFile(parsing: """
            [[screens]]
            id = "main"
            [[screens.buttons]]
            id = "go"
            title = "Go"
            """, path: "scene.toml")
        return file.makeHost(size: Size(width: 200, height: 100), textEngine: try KioskTextEngine()) { _ in }
    }

    @Test func logsEventsInMillisecondsFromItsStartAndEndsAtItsEnd() throws {
        let host = try host()
        let centre = try #require(host.frame(ofButton: "go")).center
        let start: Microseconds = 5_000_000_000
        var lines: [String] = []
        let scene = HostScene(host: host, start: start, end: start + 300_000) { lines.append($0) }
        let canvas = try Canvas(width: 200, height: 100)
        #expect(scene.needsFrame && !scene.render(into: canvas).isEmpty)
        let at = TouchLocation(x: centre.x, y: centre.y)
        scene.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .down, location: at, timestamp: start + 10_000)],
                                timestamp: start + 10_000))
        scene.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .up, location: at, timestamp: start + 120_000)],
                                timestamp: start + 120_000))
        #expect(lines == [#"{"t_ms":10,"button":"go","event":"pressed"}"#,
                          #"{"t_ms":120,"button":"go","event":"released"}"#,
                          #"{"t_ms":120,"button":"go","event":"triggered","cause":"tap"}"#])
        // Nothing of its own is due after the release animation, but the end is.
        let deadline = try #require(scene.nextDeadline)
        #expect(deadline <= start + 300_000 && scene.isRunning)
        scene.advance(to: start + 300_000)
        #expect(!scene.isRunning)
    }
}
