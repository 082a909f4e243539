import KioskGestures
import Testing

@Suite("Composition")
struct CompositionTests {
    static func target(_ gestures: AttachedGesture...) -> [GestureTarget] {
        [GestureTarget(id: "t", frame: rect(0, 0, 400, 400), gestures: gestures)]
    }

    /// Double tap has priority; the single tap waits for it to fail.
    static var doubleOrSingle: AttachedGesture {
        AttachedGesture("taps", TapGesture(count: 2).exclusively(before: TapGesture()).map { value -> String in
            switch value {
            case .first: "double"
            case .second: "single"
            }
        })
    }

    @Test func exclusiveSingleTapWaitsForTheDoubleTapToFail() throws {
        #expect(try play("0 down 0 100 100\n50 up 0\n1000 end", Self.target(Self.doubleOrSingle))
            == "350 t taps ended single")
        #expect(try play("0 down 0 100 100\n50 up 0\n200 down 0 100 100\n250 up 0\n1000 end", Self.target(Self.doubleOrSingle))
            == "250 t taps ended double")
        #expect(try play("0 down 0 100 100\n50 up 0\n500 down 0 100 100\n550 up 0\n1000 end", Self.target(Self.doubleOrSingle))
            == lines("350 t taps ended single", "850 t taps ended single"))
    }

    @Test func exclusiveLongPressBeforeDrag() throws {
        let gesture = LongPressGesture().exclusively(before: DragGesture()).map { value -> String in
            switch value {
            case .first(let pressing): "press \(pressing)"
            case .second(let drag): "drag \(Int(drag.translation.dy))"
            }
        }
        let target = Self.target(AttachedGesture("g", gesture))
        // Held still: the long press wins at 500; the later movement is not a drag.
        #expect(try play("0 down 0 100 100\n600 move 0 100 150\n700 up 0", target)
            == lines("0 t g changed press true", "500 t g ended press true"))
        // Moved early: the long press fails, so the drag speaks.
        #expect(try play("0 down 0 100 100\n100 move 0 100 120\n150 move 0 100 140\n200 up 0", target)
            == lines("0 t g changed press true", "100 t g changed drag 20", "150 t g changed drag 40", "200 t g ended drag 40"))
    }

    @Test func sequencedLongPressThenDrag() throws {
        let gesture = LongPressGesture().sequenced(before: DragGesture(minimumDistance: 0)).map { value -> String in
            switch value {
            case .first(let pressing): "pressing \(pressing)"
            case .second(_, nil): "unlocked"
            case .second(_, let drag?): "drag \(Int(drag.translation.dx))"
            }
        }
        let target = Self.target(AttachedGesture("g", gesture))
        #expect(try play("0 down 0 100 100\n600 move 0 130 100\n700 move 0 160 100\n800 up 0", target)
            == lines("0 t g changed pressing true", "500 t g changed unlocked", "500 t g changed drag 0",
                     "600 t g changed drag 30", "700 t g changed drag 60", "800 t g ended drag 60"))
        // Moving before the long press fired: the sequence fails and no drag happens.
        #expect(try play("0 down 0 100 100\n100 move 0 130 100\n700 move 0 160 100\n800 up 0", target)
            == lines("0 t g changed pressing true", "100 t g failed"))
    }

    @Test func simultaneousPinchAndRotation() throws {
        let gesture = MagnificationGesture().simultaneously(with: RotationGesture()).map { value in
            "\(value.first.map { ($0 * 100).rounded() / 100 } ?? 0) \(value.second.map { ($0 * 180 / .pi).rounded() } ?? 0)"
        }
        let result = try play(RecognizerTests.pinchScript, Self.target(AttachedGesture("g", gesture)))
        #expect(result
            == lines("50 t g changed 1.5 0.0", "50 t g changed 1.5 30.0", "80 t g ended 1.5 30.0"))
    }

    @Test func simultaneousEndsOnlyWhenBothAreDone() throws {
        let gesture = LongPressGesture().simultaneously(with: TapGesture()).map { value in
            "\(value.first.map(String.init) ?? "-") \(value.second == nil ? "-" : "tap")"
        }
        let target = Self.target(AttachedGesture("g", gesture))
        // Quick tap: the long press fails, the tap succeeds.
        #expect(try play("0 down 0 100 100\n100 up 0", target) == lines("0 t g changed true -", "100 t g ended - tap"))
        // Long hold: the long press fires at 500 while the tap is still possible; both end at the lift.
        #expect(try play("0 down 0 100 100\n700 up 0", target) == lines("0 t g changed true -", "700 t g ended true tap"))
        // Cancelled: neither succeeds.
        #expect(try play("0 down 0 100 100\n100 cancel 0", target) == lines("0 t g changed true -", "100 t g cancelled"))
    }

    @Test func gestureStateResetsOnSuccessFailureAndCancel() throws {
        let offset = GestureState(initialValue: 0.0)
        var seen: [Double] = []
        let drag = DragGesture().updating(offset) { value, state in state = value.translation.dx }
            .map { _ in "drag" }
        let engine = GestureEngine()
        engine.setTarget(GestureTarget(id: "t", frame: rect(0, 0, 400, 400), gestures: [AttachedGesture("d", drag)]))
        for step in [frame(0, .down, 0, 100, 100), frame(10, .move, 0, 150, 100), frame(20, .move, 0, 170, 100)] {
            _ = engine.feed(step)
            seen.append(offset.wrappedValue)
        }
        #expect(seen == [0, 50, 70])
        _ = engine.feed(frame(30, .up, 0))
        #expect(offset.wrappedValue == 0, "reset on success")

        _ = engine.feed(frame(100, .down, 0, 100, 100))
        _ = engine.feed(frame(110, .move, 0, 160, 100))
        #expect(offset.wrappedValue == 60)
        _ = engine.feed(frame(120, .cancel, 0))
        #expect(offset.wrappedValue == 0, "reset on cancel")

        let pressing = GestureState(initialValue: false)
        let hold = LongPressGesture().updating(pressing) { value, state in state = value }.map { _ in "hold" }
        engine.setTarget(GestureTarget(id: "h", frame: rect(500, 0, 100, 100), gestures: [AttachedGesture("h", hold)]))
        _ = engine.feed(frame(200, .down, 1, 550, 50))
        #expect(pressing.wrappedValue)
        _ = engine.feed(frame(300, .move, 1, 580, 50))
        #expect(!pressing.wrappedValue, "reset on failure")
        _ = engine.feed(frame(400, .up, 1))

        // Taken away by the engine (the target is removed): reset too.
        _ = engine.feed(frame(500, .down, 0, 100, 100))
        _ = engine.feed(frame(510, .move, 0, 150, 100))
        #expect(offset.wrappedValue == 50)
        engine.removeTarget(id: "t")
        #expect(offset.wrappedValue == 0, "reset when the engine cancels")
    }
}

@Suite("Waiting for failure")
struct WaitingTests {
    static func target(_ gestures: AttachedGesture...) -> [GestureTarget] {
        [GestureTarget(id: "t", frame: rect(0, 0, 400, 400), gestures: gestures)]
    }

    static var double: AttachedGesture { AttachedGesture("double", TapGesture(count: 2)) }
    static var plainSingle: AttachedGesture { AttachedGesture("single", TapGesture()) }

    @Test func aLoneTapDoesNotWait() throws {
        #expect(try play("0 down 0 100 100\n50 up 0\n1000 end", Self.target(Self.plainSingle)).hasPrefix("50 t single ended"))
    }

    @Test(arguments: [false, true])
    func aTapWaitsForTheTargetsDoubleTap(doubleFirst: Bool) throws {
        let gestures = doubleFirst ? [Self.double, Self.plainSingle] : [Self.plainSingle, Self.double]
        let targets = [GestureTarget(id: "t", frame: rect(0, 0, 400, 400), gestures: gestures)]
        let once = try play("0 down 0 100 100\n50 up 0\n1000 end", targets)
        #expect(once.split(separator: "\n").map { $0.prefix(15) } == ["350 t single en"])
        let twice = try play("0 down 0 100 100\n50 up 0\n200 down 0 100 100\n250 up 0\n1000 end", targets)
        #expect(twice.split(separator: "\n").map { $0.prefix(15) } == ["250 t double en"])
    }

    @Test func explicitWaitsForHoldsUntilTheOtherFails() throws {
        let swipe = AttachedGesture("swipe", SwipeGesture())
        let drag = AttachedGesture("drag", DragGesture().map { Int($0.translation.dx) }, waitsFor: ["swipe"])
        // A slow stroke: the swipe fails at the lift, then the held drag reports come out.
        #expect(try play("0 down 0 100 100\n1000 move 0 150 100\n2000 move 0 160 100\n2000 up 0", Self.target(swipe, drag))
            == lines("2000 t drag changed 50", "2000 t drag changed 60", "2000 t drag ended 60"))
        // A fast stroke: the swipe succeeds and the drag's reports are dropped.
        #expect(try play("0 down 0 100 100\n50 move 0 150 100\n100 move 0 200 100\n100 up 0", Self.target(swipe, drag))
            == "100 t swipe ended right")
    }
}
