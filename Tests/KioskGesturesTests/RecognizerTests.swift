import KioskGestures
import Testing

/// Each recognizer on a 400×400 target at the origin, driven by touch scripts.
@Suite("Recognizers")
struct RecognizerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var script: String
        var expected: String
        var testDescription: String { name }
    }

    static func target(_ gestures: AttachedGesture...) -> [GestureTarget] {
        [GestureTarget(id: "t", frame: rect(0, 0, 400, 400), gestures: gestures)]
    }

    static let longPressCases: [Case] = [
        Case(name: "not at 499", script: "0 down 0 100 100\n499 end", expected: "0 t hold changed true"),
        Case(name: "exactly at 500, once", script: "0 down 0 100 100\n2000 up 0",
             expected: lines("0 t hold changed true", "500 t hold ended true")),
        Case(name: "lifted at 499 fails", script: "0 down 0 100 100\n499 up 0\n1000 end",
             expected: lines("0 t hold changed true", "499 t hold failed")),
        Case(name: "moving 10 px is allowed", script: "0 down 0 100 100\n100 move 0 106 108\n600 up 0",
             expected: lines("0 t hold changed true", "500 t hold ended true")),
        Case(name: "moving beyond 10 px fails", script: "0 down 0 100 100\n100 move 0 111 100\n600 up 0",
             expected: lines("0 t hold changed true", "100 t hold failed")),
        Case(name: "cancel", script: "0 down 0 100 100\n100 cancel 0\n600 end",
             expected: lines("0 t hold changed true", "100 t hold cancelled")),
        Case(name: "second finger fails it", script: "0 down 0 100 100\n100 down 1 200 200\n600 up 0\n650 up 1",
             expected: lines("0 t hold changed true", "100 t hold failed")),
    ]

    @Test(arguments: longPressCases)
    func longPress(_ test: Case) throws {
        #expect(try play(test.script, Self.target(AttachedGesture("hold", LongPressGesture()))) == test.expected)
    }

    static let swipeCases: [Case] = [
        Case(name: "left", script: "0 down 0 300 200\n50 move 0 250 205\n100 move 0 200 210\n100 up 0", expected: "100 t swipe ended left"),
        Case(name: "right", script: "0 down 0 100 200\n100 move 0 200 180\n100 up 0", expected: "100 t swipe ended right"),
        Case(name: "up", script: "0 down 0 200 300\n100 move 0 220 200\n100 up 0", expected: "100 t swipe ended up"),
        Case(name: "down", script: "0 down 0 200 100\n100 move 0 180 200\n100 up 0", expected: "100 t swipe ended down"),
        Case(name: "too short", script: "0 down 0 200 100\n100 move 0 200 129\n100 up 0", expected: ""),
        Case(name: "too slow (200 px in 2.1 s)", script: "0 down 0 100 200\n2100 move 0 300 200\n2100 up 0", expected: ""),
        Case(name: "just fast enough (200 px in 2 s)", script: "0 down 0 100 200\n2000 move 0 300 200\n2000 up 0", expected: "2000 t swipe ended right"),
        Case(name: "cancelled", script: "0 down 0 100 200\n100 move 0 300 200\n100 cancel 0", expected: ""),
    ]

    @Test(arguments: swipeCases)
    func swipe(_ test: Case) throws {
        #expect(try play(test.script, Self.target(AttachedGesture("swipe", SwipeGesture()))) == test.expected)
    }
}
