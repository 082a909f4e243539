import KioskGestures
import Testing

@Suite("Button press")
struct ButtonPressTests {
    /// A 100×100 button at (100,100) with the given options.
    static func button(_ id: String = "b", _ options: ButtonPress = ButtonPress()) -> GestureTarget {
        GestureTarget(id: id, frame: rect(100, 100, 100, 100), button: options)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var options: ButtonPress
        var script: String
        var expected: String
        var testDescription: String { name }
    }

    static let repeating = ButtonPress(repeatBehavior: RepeatBehavior())
    static let longPress = ButtonPress(longPressDuration: 500_000)

    static let cases: [Case] = [
        Case(name: "tap triggers on release", options: ButtonPress(),
             script: "0 down 0 150 150\n80 up 0",
             expected: lines("0 b pressed", "80 b released", "80 b triggered tap")),
        Case(name: "moving inside the grown frame still triggers", options: ButtonPress(),
             script: "0 down 0 150 150\n40 move 0 223 76\n90 up 0",
             expected: lines("0 b pressed", "90 b released", "90 b triggered tap")),
        Case(name: "leaving the frame grown by 24 px cancels", options: ButtonPress(),
             script: "0 down 0 150 150\n40 move 0 224 150\n60 move 0 150 150\n90 up 0",
             expected: lines("0 b pressed", "40 b cancelled")),
        Case(name: "movement canceller", options: ButtonPress(cancellers: [.movement(threshold: 10)]),
             script: "0 down 0 150 150\n40 move 0 160 150\n50 move 0 150 161\n90 up 0",
             expected: lines("0 b pressed", "50 b cancelled")),
        Case(name: "touch cancel never triggers", options: ButtonPress(),
             script: "0 down 0 150 150\n90 cancel 0",
             expected: lines("0 b pressed", "90 b cancelled")),
        Case(name: "disabled reports nothing", options: ButtonPress(isEnabled: false),
             script: "0 down 0 150 150\n90 up 0",
             expected: ""),
        Case(name: "a second finger is not the button's: the first finger's lift triggers, once", options: ButtonPress(),
             script: "0 down 0 150 150\n30 down 1 180 180\n60 up 0\n65 move 1 185 180\n70 up 1\n100 down 2 150 150\n150 up 2",
             expected: lines("0 b pressed", "60 b released", "60 b triggered tap", "100 b pressed", "150 b released", "150 b triggered tap")),
        Case(name: "a second finger's cancel leaves the press alone", options: ButtonPress(),
             script: "0 down 0 150 150\n30 down 1 180 180\n40 cancel 1\n60 up 0",
             expected: lines("0 b pressed", "60 b released", "60 b triggered tap")),
        Case(name: "repeat at 500, 600, 700 then release triggers nothing more", options: repeating,
             script: "0 down 0 150 150\n750 up 0",
             expected: lines("0 b pressed", "500 b triggered repeat", "600 b triggered repeat",
                             "700 b triggered repeat", "750 b released")),
        Case(name: "repeat: release before the first delay is a tap", options: repeating,
             script: "0 down 0 150 150\n499 up 0\n2000 end",
             expected: lines("0 b pressed", "499 b released", "499 b triggered tap")),
        Case(name: "repeat: release at the delay repeats then releases", options: repeating,
             script: "0 down 0 150 150\n500 up 0",
             expected: lines("0 b pressed", "500 b triggered repeat", "500 b released")),
        Case(name: "repeat stops at once when the finger leaves", options: repeating,
             script: "0 down 0 150 150\n650 move 0 300 150\n1000 up 0",
             expected: lines("0 b pressed", "500 b triggered repeat", "600 b triggered repeat", "650 b cancelled")),
        Case(name: "repeat stops at once on cancel", options: repeating,
             script: "0 down 0 150 150\n610 cancel 0\n1000 end",
             expected: lines("0 b pressed", "500 b triggered repeat", "600 b triggered repeat", "610 b cancelled")),
        Case(name: "repeat accelerates after N repeats",
             options: ButtonPress(repeatBehavior: RepeatBehavior(accelerateAfter: 2, acceleratedInterval: 40_000)),
             script: "0 down 0 150 150\n700 up 0",
             expected: lines("0 b pressed", "500 b triggered repeat", "600 b triggered repeat",
                             "640 b triggered repeat", "680 b triggered repeat", "700 b released")),
        Case(name: "long-press button fires at 500, not at 499", options: longPress,
             script: "0 down 0 150 150\n499 end",
             expected: lines("0 b pressed")),
        Case(name: "long-press button fires exactly at 500", options: longPress,
             script: "0 down 0 150 150\n900 up 0",
             expected: lines("0 b pressed", "500 b triggered longPress", "900 b released")),
        Case(name: "long-press button released early triggers nothing", options: longPress,
             script: "0 down 0 150 150\n499 up 0\n1000 end",
             expected: lines("0 b pressed", "499 b released")),
    ]

    @Test(arguments: cases)
    func script(_ test: Case) throws {
        #expect(try play(test.script, [Self.button("b", test.options)]) == test.expected)
    }

    @Test func nextDeadlineTellsTheRunLoopWhenToWake() throws {
        let engine = GestureEngine()
        engine.setTarget(Self.button("b", Self.repeating))
        #expect(engine.nextDeadline == nil)
        _ = engine.feed(TouchFrame(events: [TouchEvent(slot: 0, phase: .down, location: .init(x: 150, y: 150), timestamp: 1_000)], timestamp: 1_000))
        #expect(engine.nextDeadline == 501_000)
        #expect(engine.advance(to: 500_999).isEmpty)
        #expect(engine.advance(to: 501_000).map(\.description) == ["501 b triggered repeat"])
        #expect(engine.nextDeadline == 601_000)
    }

    @Test func removingAPressedTargetCancelsIt() throws {
        let engine = GestureEngine()
        engine.setTarget(Self.button("b", Self.repeating))
        _ = engine.play(try TouchScript(parsing: "0 down 0 150 150\n100 end"))
        #expect(engine.pressedTargets == ["b"])
        #expect(engine.removeTarget(id: "b").map(\.description) == ["100 b cancelled"])
        #expect(engine.nextDeadline == nil)
        let up = TouchEvent(slot: 0, phase: .up, location: TouchLocation(x: 150, y: 150), timestamp: 200_000)
        #expect(engine.feed(TouchFrame(events: [up], timestamp: 200_000)).isEmpty)
        #expect(engine.isIdle)
    }

    @Test func updatingATargetKeepsItsPressUnlessDisabled() throws {
        let engine = GestureEngine()
        engine.setTarget(Self.button())
        _ = engine.play(try TouchScript(parsing: "0 down 0 150 150"))
        #expect(engine.setTarget(GestureTarget(id: "b", frame: rect(90, 90, 120, 120), button: ButtonPress())).isEmpty)
        #expect(engine.pressedTargets == ["b"])
        let disabled = engine.setTarget(GestureTarget(id: "b", frame: rect(90, 90, 120, 120), button: ButtonPress(isEnabled: false)))
        #expect(disabled.map(\.description) == ["0 b cancelled"])
        #expect(engine.pressedTargets.isEmpty)
    }

    @Test func actionsRunPerTriggerAndAreRemovableByToken() throws {
        let engine = GestureEngine()
        engine.setTarget(Self.button())
        var log: [String] = []
        let first = try #require(engine.addAction(to: "b") { log.append("first \($0)") })
        let second = try #require(engine.addAction(to: "b") { log.append("second \($0)") })
        #expect(engine.addAction(to: "missing") { _ in } == nil)
        _ = engine.play(try TouchScript(parsing: "0 down 0 150 150\n50 up 0"))
        #expect(log == ["first tap", "second tap"])
        first.remove()
        first.remove()
        #expect(first.isRemoved && !second.isRemoved)
        _ = engine.play(try TouchScript(parsing: "100 down 0 150 150\n150 up 0\n200 down 0 150 150\n250 cancel 0"))
        #expect(log == ["first tap", "second tap", "second tap"])
    }

    @Test func anActionThatFeedsTheEngineTakesItsOwnOutputsAndLeavesTheTriggeringOnes() throws {
        let engine = GestureEngine()
        engine.setTarget(Self.button())
        engine.setTarget(GestureTarget(id: "c", frame: rect(300, 300, 100, 100), button: ButtonPress()))
        var inner: [String] = []
        _ = engine.addAction(to: "b") { _ in
            let down = TouchEvent(slot: 1, phase: .down, location: TouchLocation(x: 350, y: 350), timestamp: 50_000)
            inner = engine.feed(TouchFrame(events: [down], timestamp: 50_000)).map(\.description)
        }
        let outer = engine.play(try TouchScript(parsing: "0 down 0 150 150\n50 up 0")).map(\.description)
        #expect(inner == ["50 c pressed"])
        #expect(outer == ["0 b pressed", "50 b released", "50 b triggered tap"])
        // The outer list was not emptied under its reader by the inner feed.
        let next = engine.feed(TouchFrame(events: [TouchEvent(slot: 1, phase: .up, location: TouchLocation(x: 350, y: 350),
                                                              timestamp: 100_000)], timestamp: 100_000))
        #expect(next.map(\.description) == ["100 c released", "100 c triggered tap"])
    }

    @Test func shapedHitTestDecidesWhichTouchesPress() throws {
        let circle = GestureTarget(id: "round", frame: rect(100, 100, 100, 100),
                                   hitTest: { $0.distance(to: TouchLocation(x: 150, y: 150)) <= 50 },
                                   button: ButtonPress())
        #expect(try play("0 down 0 105 105\n50 up 0", [circle]) == "")
        #expect(try play("0 down 0 150 105\n50 up 0", [circle]) == lines("0 round pressed", "50 round released", "50 round triggered tap"))
    }

    @Test func onlyTheTopmostButtonPressesWhenButtonsOverlap() throws {
        let under = GestureTarget(id: "under", frame: rect(0, 0, 400, 400), button: ButtonPress())
        let over = GestureTarget(id: "over", frame: rect(100, 100, 100, 100), button: ButtonPress())
        #expect(try play("0 down 0 150 150\n50 up 0\n100 down 0 20 20\n150 up 0", [under, over])
            == lines("0 over pressed", "50 over released", "50 over triggered tap",
                     "100 under pressed", "150 under released", "150 under triggered tap"))
    }
}
