import KioskGestures
import KioskTestSupport
import Testing

/// Random touch streams over a scene with every kind of recognizer.
@Suite("Properties")
struct PropertyTests {
    /// Buttons of every kind in a 4×2 grid of 150×150 cells, a scrolling list under the
    /// bottom row, gestures on one cell, and a swipe on the screen.
    static func scene(_ transient: GestureState<Double>) -> GestureEngine {
        let engine = GestureEngine()
        engine.setTarget(GestureTarget(id: "list", frame: rect(0, 200, 800, 200),
                                       gestures: [AttachedGesture("scroll", DragGesture().map { $0.translation.dy })]))
        let kinds: [ButtonPress] = [
            ButtonPress(),
            ButtonPress(repeatBehavior: RepeatBehavior()),
            ButtonPress(repeatBehavior: RepeatBehavior(accelerateAfter: 3, acceleratedInterval: 30_000)),
            ButtonPress(longPressDuration: 500_000),
            ButtonPress(cancellers: [.movement(threshold: 10)]),
            ButtonPress(isEnabled: false),
            ButtonPress(cancellers: [.outOfBounds(margin: 0), .movement(threshold: 40)]),
        ]
        for (index, kind) in kinds.enumerated() {
            let x = Double(index % 4) * 200, y = Double(index / 4) * 200
            engine.setTarget(GestureTarget(id: "b\(index)", frame: rect(x, y, 150, 150), button: kind))
        }
        let taps = TapGesture(count: 2).exclusively(before: TapGesture()).map { value -> Int in
            if case .first = value { return 2 } else { return 1 }
        }
        let transform = MagnificationGesture().simultaneously(with: RotationGesture())
            .updating(transient) { value, state in state = value.first ?? 1 }
            .map { "\($0.first ?? 1) \($0.second ?? 0)" }
        engine.setTarget(GestureTarget(id: "photo", frame: rect(600, 200, 200, 200), gestures: [
            AttachedGesture("taps", taps),
            AttachedGesture("hold-drag", LongPressGesture().sequenced(before: DragGesture(minimumDistance: 0)).map { _ in 0 }),
            AttachedGesture("transform", transform),
            AttachedGesture("timed", TimedPressGesture(interval: 50_000)),
            AttachedGesture("swipe", SwipeGesture()),
            AttachedGesture("single", TapGesture()),
            AttachedGesture("double", TapGesture(count: 2)),
        ]))
        engine.setScreenGestures([AttachedGesture("swipe", SwipeGesture())])
        return engine
    }

    /// A random stream of frames over all ten slots; with `hostile`, also out-of-order times,
    /// events for slots that are not down, repeated downs, bad slots, NaN or huge
    /// coordinates and times near `Int64.max`.
    static func stream(seed: UInt64, steps: Int, hostile: Bool) -> [TouchFrame] {
        var random = SeededGenerator(seed: seed)
        var time: Microseconds = 0
        var down: [Int: TouchLocation] = [:]
        var frames: [TouchFrame] = []
        func location() -> TouchLocation {
            TouchLocation(x: Double.random(in: -20...820, using: &random), y: Double.random(in: -20...420, using: &random))
        }
        for _ in 0..<steps {
            time += Microseconds.random(in: 0...120_000, using: &random)
            var events: [TouchEvent] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let slot = Int.random(in: 0..<(Int.random(in: 0..<4, using: &random) == 0 ? TouchEvent.slotCount : 3), using: &random)
                let roll = Int.random(in: 0..<100, using: &random)
                var event: TouchEvent
                if let at = down[slot] {
                    if roll < 60 {
                        let spread = roll < 45 ? 6.0 : 80.0
                        let to = TouchLocation(x: at.x + Double.random(in: -spread...spread, using: &random),
                                               y: at.y + Double.random(in: -spread...spread, using: &random))
                        down[slot] = to
                        event = TouchEvent(slot: slot, phase: .move, location: to, timestamp: time)
                    } else {
                        down[slot] = nil
                        event = TouchEvent(slot: slot, phase: roll < 90 ? .up : .cancel, location: at, timestamp: time)
                    }
                } else {
                    let at = location()
                    down[slot] = at
                    event = TouchEvent(slot: slot, phase: .down, location: at, timestamp: time)
                }
                if hostile {
                    switch Int.random(in: 0..<40, using: &random) {
                    case 0: event.timestamp -= 200_000
                    case 1: event.location.x = .nan
                    case 2: event.location.y = .infinity
                    case 3: event.location = TouchLocation(x: 1e300, y: -1e300)
                    case 4: event.slot = [-1, 10, 99, Int.max].randomElement(using: &random)!
                    case 5: event.phase = .down
                    case 6: event.phase = [.up, .move, .cancel].randomElement(using: &random)!
                    case 7 where Int.random(in: 0..<10, using: &random) == 0:
                        event.timestamp = .max - .random(in: 0...1_000, using: &random)
                    default: break
                    }
                }
                events.append(event)
            }
            frames.append(TouchFrame(events: events, timestamp: hostile && time % 7 == 0 ? time - 50_000 : time))
        }
        // Every finger lifts at the end: nothing may stay pressed or pending after this.
        time += 10_000
        let lifts = (0..<TouchEvent.slotCount).map { TouchEvent(slot: $0, phase: .up, location: TouchLocation(x: 0, y: 0), timestamp: time) }
        frames.append(TouchFrame(events: lifts, timestamp: time))
        return frames
    }

    static func run(_ frames: [TouchFrame], _ transient: GestureState<Double>) -> (GestureEngine, [GestureOutput]) {
        let engine = scene(transient)
        var outputs: [GestureOutput] = []
        for frame in frames {
            outputs += engine.advance(to: frame.timestamp)
            outputs += engine.feed(frame)
        }
        // A minute after the last frame (or after the latest time seen, up to the end of time).
        let (end, overflow) = max(frames.last?.timestamp ?? 0, engine.now).addingReportingOverflow(60_000_000)
        outputs += engine.advance(to: overflow ? .max : end)
        return (engine, outputs)
    }

    /// Checks each button's outputs against
    /// `pressed (triggered repeat | triggered longPress)* (released [triggered tap] | cancelled)`,
    /// where the tap trigger comes only after a release with no trigger while held, and each
    /// gesture's outputs against `changed* (ended | failed | cancelled)`, a bare `ended` being
    /// allowed. Returns the violations.
    static func violations(_ outputs: [GestureOutput]) -> [String] {
        enum Press { case idle, held(triggered: Bool), released(triggered: Bool) }
        var presses: [String: Press] = [:]
        var openGestures: Set<String> = []
        var problems: [String] = []
        var lastTime = Microseconds.min
        for output in outputs {
            if output.time < lastTime { problems.append("time runs backwards at \(output)") }
            lastTime = output.time
            let target = output.target ?? "screen"
            switch output.event {
            case .gesture(let name, let update):
                let key = "\(target).\(name)"
                switch update {
                case .changed: openGestures.insert(key)
                case .ended: openGestures.remove(key)
                case .failed, .cancelled:
                    if openGestures.remove(key) == nil { problems.append("\(output) without a change before") }
                }
                if case .released = presses[target] { presses[target] = .idle }
                continue
            default:
                break
            }
            let state = presses[target] ?? .idle
            switch (state, output.event) {
            case (.released(false), .triggered(.tap)):
                presses[target] = .idle
            case (.released, _) where output.event != .pressed:
                problems.append("\(output) after a release")
            case (.idle, .pressed), (.released, .pressed):
                presses[target] = .held(triggered: false)
            case (.held, .triggered(.repeat)), (.held, .triggered(.longPress)):
                presses[target] = .held(triggered: true)
            case (.held(let triggered), .released):
                presses[target] = .released(triggered: triggered)
            case (.held, .cancelled):
                presses[target] = .idle
            default:
                problems.append("\(output) while \(state)")
            }
        }
        for (target, state) in presses {
            if case .held = state { problems.append("\(target) still pressed at the end") }
        }
        for key in openGestures { problems.append("\(key) changed and never ended") }
        return problems
    }

    @Test(arguments: 0..<40)
    func everyPressEndsOnceAndNothingStaysPressed(seed: Int) {
        let transient = GestureState(initialValue: 1.0)
        let (engine, outputs) = Self.run(Self.stream(seed: UInt64(seed), steps: 400, hostile: false), transient)
        #expect(Self.violations(outputs) == [])
        #expect(engine.pressedTargets == [])
        #expect(engine.isIdle)
        #expect(engine.nextDeadline == nil)
        #expect(transient.wrappedValue == 1)
    }

    @Test func theStreamsExerciseButtonsAndTapsThatWait() {
        let outputs = (0..<UInt64(40)).flatMap { Self.run(Self.stream(seed: $0, steps: 400, hostile: false), GestureState(initialValue: 1.0)).1 }
        #expect(outputs.contains { $0.event == .triggered(.tap) })
        #expect(outputs.contains { $0.description.contains("photo single ended") })
    }

    @Test(arguments: 100..<130)
    func hostileInputNeverCrashesOrLeavesAPress(seed: Int) {
        let transient = GestureState(initialValue: 1.0)
        let (engine, outputs) = Self.run(Self.stream(seed: UInt64(seed), steps: 400, hostile: true), transient)
        #expect(Self.violations(outputs) == [])
        #expect(engine.pressedTargets == [])
        #expect(engine.isIdle)
        #expect(engine.nextDeadline == nil)
        #expect(transient.wrappedValue == 1)
    }

    @Test(arguments: [7, 8, 9] as [UInt64])
    func theSameStreamGivesTheSameOutputs(seed: UInt64) {
        let frames = Self.stream(seed: seed, steps: 600, hostile: true)
        let first = Self.run(frames, GestureState(initialValue: 1.0)).1
        let second = Self.run(frames, GestureState(initialValue: 1.0)).1
        #expect(first.count > 50)
        #expect(first == second)
    }
}
