import Foundation
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

extension RecognizerTests {
    static let tapCases: [(count: Int, Case)] = [
        (1, Case(name: "single tap fires on release without waiting",
                 script: "0 down 0 100 100\n60 up 0\n1000 end", expected: "60 t tap ended 1 at (100, 100)")),
        (1, Case(name: "moving beyond 10 px is no tap",
                 script: "0 down 0 100 100\n30 move 0 100 111\n60 up 0", expected: "")),
        (1, Case(name: "cancel is no tap", script: "0 down 0 100 100\n60 cancel 0", expected: "")),
        (1, Case(name: "two fingers are no tap",
                 script: "0 down 0 100 100\n10 down 1 200 200\n60 up 0\n70 up 1", expected: "")),
        (2, Case(name: "double tap within the gap",
                 script: "0 down 0 100 100\n50 up 0\n349 down 0 104 98\n400 up 0",
                 expected: "400 t tap ended 2 at (104, 98)")),
        (2, Case(name: "double tap outside the gap: exactly 300 ms is too late",
                 script: "0 down 0 100 100\n50 up 0\n350 down 0 100 100\n400 up 0\n1000 end", expected: "")),
        (2, Case(name: "outside the gap then two quick taps",
                 script: "0 down 0 100 100\n50 up 0\n400 down 0 100 100\n450 up 0\n500 down 0 100 100\n550 up 0",
                 expected: "550 t tap ended 2 at (100, 100)")),
        (3, Case(name: "triple tap",
                 script: "0 down 0 1 1\n40 up 0\n100 down 0 1 1\n140 up 0\n200 down 0 1 1\n240 up 0",
                 expected: "240 t tap ended 3 at (1, 1)")),
    ]

    @Test(arguments: tapCases)
    func tap(_ count: Int, _ test: Case) throws {
        let tap = TapGesture(count: count).map { "\($0.count) at (\(Int($0.location.x)), \(Int($0.location.y)))" }
        #expect(try play(test.script, Self.target(AttachedGesture("tap", tap))) == test.expected)
    }

    @Test func dragReportsLocationTranslationVelocityAndPredictedEnd() throws {
        let engine = GestureEngine()
        engine.setTarget(Self.target(AttachedGesture("drag", DragGesture()))[0])
        let outputs = engine.play(try TouchScript(parsing: """
            0 down 0 100 100
            20 move 0 105 100
            40 move 0 110 100
            60 move 0 120 100
            80 move 0 130 100
            100 up 0
            """))
        let values = outputs.compactMap { output -> (String, DragValue)? in
            switch output.event {
            case .gesture(_, .changed(let v)): v.value(as: DragValue.self).map { ("changed", $0) }
            case .gesture(_, .ended(let v)): v.value(as: DragValue.self).map { ("ended", $0) }
            default: nil
            }
        }
        // Begins at 10 px (at 40 ms), not at 5 px.
        #expect(values.map(\.0) == ["changed", "changed", "changed", "ended"])
        #expect(values.map(\.1.time) == [40_000, 60_000, 80_000, 100_000])
        let last = try #require(values.last?.1)
        #expect(last.location == TouchLocation(x: 130, y: 100))
        #expect(last.startLocation == TouchLocation(x: 100, y: 100))
        #expect(last.translation == TouchVector(dx: 30, dy: 0))
        // The lift at 100 ms is the last sample; the 100 ms window behind it reaches the
        // down at 0 ms: 30 px in 100 ms.
        #expect(abs(last.velocity.dx - 300) < 1e-9 && last.velocity.dy == 0)
        // Coasting at rate 0.998/ms adds velocity × 0.499 s.
        #expect(abs(last.predictedEndLocation.x - (130 + 300 * 0.499)) < 1e-6)
    }

    /// A finger held still sends no moves: only the lift says it stopped.
    @Test("A drag held still before it lifts ends with no velocity, so nothing flings", arguments: [false, true])
    func dragHeldStillEndsWithoutVelocity(scroll: Bool) throws {
        let engine = GestureEngine()
        let gesture = scroll ? AttachedGesture("drag", ScrollDragGesture(horizontal: true, vertical: false)) : AttachedGesture("drag", DragGesture())
        engine.setTarget(Self.target(gesture)[0])
        let outputs = engine.play(try TouchScript(parsing: "0 down 0 100 100\n20 move 0 120 100\n40 move 0 160 100\n400 up 0"))
        let ended = outputs.compactMap { output -> DragValue? in
            guard case .gesture(_, .ended(let v)) = output.event else { return nil }
            return v.value(as: DragValue.self)
        }
        #expect(ended.count == 1)
        #expect(ended.first?.velocity == .zero)
        #expect(ended.first?.location == TouchLocation(x: 160, y: 100))
    }

    @Test func dragWithMinimumDistanceZeroBeginsOnTouchDownAndCancelsOnSecondFinger() throws {
        let drag = DragGesture(minimumDistance: 0).map { "\(Int($0.translation.dx))" }
        #expect(try play("0 down 0 100 100\n20 move 0 103 100\n30 down 1 300 300\n40 up 0\n50 up 1",
                         Self.target(AttachedGesture("drag", drag)))
            == lines("0 t drag changed 0", "20 t drag changed 3", "30 t drag cancelled"))
    }

    /// Two fingers 100 px apart, horizontally; the second moves to make them 150 px apart
    /// and turned by 30°, then lifts.
    static let pinchScript = """
        0 down 0 100 200
        10 down 1 200 200
        50 move 1 229.9038 275
        80 up 1
        90 up 0
        """

    @Test func pinchScaleWithinOnePercent() throws {
        let engine = GestureEngine()
        engine.setTarget(Self.target(AttachedGesture("pinch", MagnificationGesture()))[0])
        let outputs = engine.play(try TouchScript(parsing: Self.pinchScript))
        #expect(outputs.map { "\($0.time / 1000) \(phaseName($0))" } == ["50 changed", "80 ended"])
        let scale = try #require(endedValue(outputs.last, as: Double.self))
        #expect(abs(scale - 1.5) < 0.015)
    }

    @Test func rotationAngleWithinOnePercent() throws {
        let engine = GestureEngine()
        engine.setTarget(Self.target(AttachedGesture("rotate", RotationGesture()))[0])
        let outputs = engine.play(try TouchScript(parsing: Self.pinchScript))
        let angle = try #require(endedValue(outputs.last, as: Double.self))
        #expect(abs(angle - .pi / 6) < 0.01 * .pi / 6)
    }

    @Test func rotationKeepsCountingPastHalfATurn() throws {
        // The second finger circles the first: 90°, 180°, 270° (crossing ±π on the way).
        let engine = GestureEngine()
        engine.setTarget(Self.target(AttachedGesture("rotate", RotationGesture()))[0])
        let outputs = engine.play(try TouchScript(parsing: """
            0 down 0 200 200
            0 down 1 300 200
            10 move 1 200 300
            20 move 1 100 200
            30 move 1 200 100
            40 up 1
            """))
        let angle = try #require(endedValue(outputs.last, as: Double.self))
        #expect(abs(angle - 1.5 * .pi) < 1e-6)
    }

    @Test func timedPressTicksWhileHeldAndReportsTheTotal() throws {
        let press = TimedPressGesture(interval: 100_000).map { $0 / 1000 }
        let target = Self.target(AttachedGesture("timed", press))
        #expect(try play("0 down 0 100 100\n250 up 0", target)
            == lines("100 t timed changed 100", "200 t timed changed 200", "250 t timed ended 250"))
        #expect(try play("0 down 0 100 100\n150 move 0 100 111\n400 up 0", target)
            == lines("100 t timed changed 100", "150 t timed ended 150"))
        #expect(try play("0 down 0 100 100\n150 cancel 0\n400 end", target)
            == lines("100 t timed changed 100", "150 t timed cancelled"))
    }

    @Test(arguments: Array(stride(from: -175.0, through: 175, by: 20)))
    func rotationAngleInEveryDirection(_ degrees: Double) throws {
        let radians = degrees * .pi / 180
        let engine = GestureEngine()
        engine.setTarget(Self.target(AttachedGesture("rotate", RotationGesture()))[0])
        // Turn in 10 steps so no single step crosses half a turn.
        var script = "0 down 0 200 200\n0 down 1 300 200\n"
        for step in 1...10 {
            let angle = radians * Double(step) / 10
            script += "\(step * 10) move 1 \(200 + 100 * cos(angle)) \(200 + 100 * sin(angle))\n"
        }
        script += "200 up 1\n"
        let angle = try #require(endedValue(engine.play(try TouchScript(parsing: script)).last, as: Double.self))
        #expect(abs(angle - radians) < 1e-6)
    }
}

func phaseName(_ output: GestureOutput) -> String {
    guard case .gesture(_, let update) = output.event else { return "\(output.event)" }
    switch update {
    case .changed: return "changed"
    case .ended: return "ended"
    case .failed: return "failed"
    case .cancelled: return "cancelled"
    }
}

func endedValue<V: Hashable & Sendable>(_ output: GestureOutput?, as type: V.Type) -> V? {
    guard case .gesture(_, .ended(let value))? = output?.event else { return nil }
    return value.value(as: type)
}
