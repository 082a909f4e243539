import KioskGestures
import Testing

@Suite struct TouchScriptKeyTests {
    @Test func aKeyLineIsAPressAndARelease() throws {
        let script = try TouchScript(parsing: """
            0    key tab
            40   down 0 10 10
            40   key Shift+Tab   # after the frame of the same time
            60   up 0
            80   key enter
            """)
        #expect(script.keys.map { "\($0.timestamp / 1000) \($0.key!.rawValue) \($0.isPressed ? "down" : "up")" } == [
            "0 tab down", "0 tab up",
            "40 leftShift down", "40 tab down", "40 tab up", "40 leftShift up",
            "80 enter down", "80 enter up",
        ])
        #expect(script.endTime == 80_000)
        let order = script.events.map { event -> String in
            switch event {
            case .touch(let frame): "\(frame.timestamp / 1000) \(frame.events[0].phase.rawValue)"
            case .key(let key): "\(key.timestamp / 1000) key"
            }
        }
        #expect(order == ["0 key", "0 key", "40 down", "40 key", "40 key", "40 key", "40 key", "60 up", "80 key", "80 key"])
    }

    @Test(arguments: [
        ("0 key", "line 1: 'key' takes a key name, got 0 argument(s)"),
        ("0 key tab enter", "line 1: 'key' takes a key name, got 2 argument(s)"),
        ("0 key f1", "line 1: unknown key 'f1' (expected down, enter, esc, escape, kpenter, left, return, right, space, tab, up, optionally after shift+)"),
        ("0 key shift+", "line 1: unknown key 'shift+' (expected down, enter, esc, escape, kpenter, left, return, right, space, tab, up, optionally after shift+)"),
        ("10 key tab\n5 key tab", "line 2: time 5 ms goes backwards (previous was 10 ms)"),
    ])
    func badKeyLinesAreNamed(text: String, message: String) {
        #expect(throws: TouchScriptError.self) { try TouchScript(parsing: text) }
        do {
            _ = try TouchScript(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }
}
