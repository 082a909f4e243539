import KioskGestures
import Testing

@Suite("Touch script")
struct TouchScriptTests {
    @Test func parsesFramesCommentsAndEnd() throws {
        let script = try TouchScript(parsing: """
            # a comment line

            0     down 0 640 400     # slot 0 goes down at (640,400)
            40    move 0 652 404
            40    down 1 10.5 20
            600   up 0
            700   up 1
            2000  end
            """)
        #expect(script.endTime == 2_000_000)
        #expect(script.frames.map(\.timestamp) == [0, 40_000, 600_000, 700_000])
        #expect(script.frames[1].events == [
            TouchEvent(slot: 0, phase: .move, location: TouchLocation(x: 652, y: 404), timestamp: 40_000),
            TouchEvent(slot: 1, phase: .down, location: TouchLocation(x: 10.5, y: 20), timestamp: 40_000),
        ])
        // up carries the slot's last location
        #expect(script.frames[2].events == [TouchEvent(slot: 0, phase: .up, location: TouchLocation(x: 652, y: 404), timestamp: 600_000)])
    }

    @Test func withoutEndTheLastFrameIsTheEnd() throws {
        #expect(try TouchScript(parsing: "0 down 0 1 1\n12.5 up 0").endTime == 12_500)
        #expect(try TouchScript(parsing: "# nothing").endTime == 0)
    }

    @Test(arguments: [
        ("0 down 0 1 1\n10 tap 0", "line 2: unknown verb 'tap' (expected down, move, up, cancel, key or end)"),
        ("0 down 10 1 1", "line 1: slot 10 is out of range 0–9"),
        ("0 down -1 1 1", "line 1: slot -1 is out of range 0–9"),
        ("0 down 0.5 1 1", "line 1: slot '0.5' is not a whole number"),
        ("0 down 0 1 1\n50 move 0 2 2\n40 up 0", "line 3: time 40 ms goes backwards (previous was 50 ms)"),
        ("0 up 3", "line 1: up for slot 3, which is not down"),
        ("0 down 0 1 1\n5 up 0\n# gap\n9 move 0 1 1", "line 4: move for slot 0, which is not down"),
        ("0 cancel 0", "line 1: cancel for slot 0, which is not down"),
        ("0 down 0 1 1\n1 down 0 2 2", "line 2: down for slot 0, which is already down"),
        ("zero down 0 1 1", "line 1: time 'zero' is not a number of milliseconds ≥ 0"),
        ("-5 down 0 1 1", "line 1: time '-5' is not a number of milliseconds ≥ 0"),
        ("0 down 0 1 1\n86400000 up 0\n86400000.5 end", "line 3: time 86400000.5 ms is past the 24 h a touch script may last (86400000 ms)"),
        ("0 down 0 x 1", "line 1: x 'x' is not a finite number"),
        ("0 down 0 1 nan", "line 1: y 'nan' is not a finite number"),
        ("0 down 0 1", "line 1: 'down' takes a slot, x and y, got 2 argument(s)"),
        ("0 down 0 1 1\n5 up 0 7", "line 2: 'up' takes a slot, got 2 argument(s)"),
        ("0 end\n5 down 0 1 1", "line 2: event after 'end'"),
        ("7", "line 1: missing verb after the time (down, move, up, cancel, key or end)"),
    ])
    func badLinesAreErrorsWithLineNumbers(_ text: String, _ message: String) {
        #expect(throws: TouchScriptError.self) { try TouchScript(parsing: text) }
        do {
            _ = try TouchScript(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func playerFiresTimersBetweenFramesAtTheirOwnTimes() throws {
        let engine = GestureEngine()
        engine.setTarget(GestureTarget(id: "plus", frame: rect(0, 0, 100, 100), button: ButtonPress(repeatBehavior: RepeatBehavior())))
        let outputs = engine.play(try TouchScript(parsing: "0 down 0 50 50\n650 move 0 51 50\n820 end"))
        #expect(outputs.map(\.time) == [0, 500_000, 600_000, 700_000, 800_000])
        #expect(engine.pressedTargets == ["plus"])
    }
}
