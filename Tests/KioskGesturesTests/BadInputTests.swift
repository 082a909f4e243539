import KioskGestures
import Testing

/// Input the parser would reject, fed straight into the engine: defined behaviour, never
/// a crash or a stuck press.
@Suite("Bad input")
struct BadInputTests {
    static func engine() -> GestureEngine {
        let engine = GestureEngine()
        engine.setTarget(GestureTarget(id: "b", frame: rect(100, 100, 100, 100), button: ButtonPress(repeatBehavior: RepeatBehavior())))
        return engine
    }

    static func run(_ engine: GestureEngine, _ frames: [TouchFrame]) -> [String] {
        frames.flatMap { engine.feed($0) }.map(\.description)
    }

    @Test func timeGoingBackwardsCountsAsTheLatestTime() {
        let engine = Self.engine()
        #expect(Self.run(engine, [frame(400, .down, 0, 150, 150), frame(100, .up, 0)])
            == ["400 b pressed", "400 b released", "400 b triggered tap"])
        #expect(engine.now == 400_000)
    }

    @Test func eventsForASlotThatIsNotDownAreIgnored() {
        let engine = Self.engine()
        #expect(Self.run(engine, [frame(0, .up, 3), frame(1, .move, 3, 150, 150), frame(2, .cancel, 3)]) == [])
        #expect(engine.isIdle)
    }

    @Test func aDownForASlotAlreadyDownCancelsTheOldTouchFirst() {
        let engine = Self.engine()
        #expect(Self.run(engine, [frame(0, .down, 0, 150, 150), frame(100, .down, 0, 160, 160), frame(200, .up, 0)])
            == ["0 b pressed", "100 b cancelled", "100 b pressed", "200 b released", "200 b triggered tap"])
    }

    @Test func slotsOutsideTheRangeAreIgnored() {
        let engine = Self.engine()
        #expect(Self.run(engine, [frame(0, .down, 10, 150, 150), frame(0, .down, -1, 150, 150), frame(0, .down, .max, 150, 150)]) == [])
        #expect(engine.isIdle)
    }

    @Test func nonFiniteCoordinatesAreIgnoredAndHugeOnesClamped() {
        let engine = Self.engine()
        #expect(Self.run(engine, [frame(0, .down, 0, .nan, 150), frame(0, .down, 1, 150, .infinity)]) == [])
        #expect(engine.isIdle)
        #expect(Self.run(engine, [frame(0, .down, 0, 150, 150), frame(10, .move, 0, .nan, .nan), frame(20, .move, 0, 1e308, -1e308), frame(30, .up, 0)])
            == ["0 b pressed", "20 b cancelled"])
        #expect(engine.pressedTargets.isEmpty && engine.isIdle)
    }

    @Test func aJumpOfTheClockBeyondADayCancelsInsteadOfCatchingUp() {
        let engine = Self.engine()
        #expect(Self.run(engine, [frame(0, .down, 0, 150, 150)]) == ["0 b pressed"])
        let late = GestureEngine.longestCatchUp + 1_000_000
        #expect(engine.advance(to: late).map(\.description) == ["\(late / 1000) b cancelled"])
        #expect(engine.isIdle && engine.nextDeadline == nil)
        // Within a day, it catches up timer by timer: ten repeats fire at their own times.
        #expect(Self.run(engine, [frame(late / 1000 + 1, .down, 0, 150, 150)]).count == 1)
        #expect(engine.advance(to: late + 1_000 + 1_400_000).count == 10)
    }

    @Test func timesNearTheEndOfTimeSaturateAndNeverTrap() {
        let engine = Self.engine()
        let at = TouchLocation(x: 150, y: 150)
        let end = Int64.max - 10
        let outputs = engine.feed(TouchFrame(events: [TouchEvent(slot: 0, phase: .down, location: at, timestamp: end)], timestamp: end))
            + engine.feed(TouchFrame(events: [TouchEvent(slot: 0, phase: .up, location: at, timestamp: .max)], timestamp: .max))
        #expect(outputs.map(\.event) == [.pressed, .triggered(.repeat), .released])
        #expect(outputs.map(\.time) == [end, .max, .max])
        #expect(engine.isIdle && engine.nextDeadline == nil)
    }

    @Test func aFrameThatLiftsTheSameSlotTwiceEndsThePressOnce() {
        let engine = Self.engine()
        let events = [TouchEvent(slot: 0, phase: .up, location: TouchLocation(x: 0, y: 0), timestamp: 50_000),
                      TouchEvent(slot: 0, phase: .cancel, location: TouchLocation(x: 0, y: 0), timestamp: 50_000)]
        #expect(Self.run(engine, [frame(0, .down, 0, 150, 150), TouchFrame(events: events, timestamp: 50_000)])
            == ["0 b pressed", "50 b released", "50 b triggered tap"])
    }

    @Test func targetsChangedFromInsideAnActionAreSafe() throws {
        let engine = Self.engine()
        var removed: [String] = []
        _ = engine.addAction(to: "b") { _ in removed += engine.removeAllTargets().map(\.description) }
        // Actions run once the feed is done, so this feed reports everything up to 600 ms;
        // the action then removes the still-pressed button, which cancels it.
        #expect(Self.run(engine, [frame(0, .down, 0, 150, 150), frame(550, .move, 0, 151, 150)])
            == ["0 b pressed", "500 b triggered repeat"])
        #expect(removed == ["550 b cancelled"])
        #expect(engine.targetIDs.isEmpty && engine.isIdle == false)
        #expect(Self.run(engine, [frame(600, .up, 0)]) == [])
        #expect(engine.isIdle && engine.nextDeadline == nil)
    }
}
