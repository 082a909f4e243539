import KioskGestures

/// The scene `kiosk bench --only gestures` measures: 50 buttons (a 10×5 grid of 100×100
/// cells on a 1280×800 screen) of every button kind, each also carrying a long press and
/// an exclusive double/single tap; a scrolling list under the grid; a photo with pinch,
/// rotation, a long-press-then-drag sequence and a timed press; and a screen swipe. The
/// touch stream cycles through taps, holds that repeat, drags that claim, swipes and
/// pinches, on a virtual clock.
public struct GestureScene {
    public static let buttonCount = 50
    public let frames: [TouchFrame]
    public let eventCount: Int

    public init(interactions: Int) {
        frames = Self.stream(interactions: interactions)
        eventCount = frames.reduce(0) { $0 + $1.events.count }
    }

    static func buttonFrame(_ index: Int) -> Rect {
        Rect(x: 40 + Double(index % 10) * 120, y: 40 + Double(index / 10) * 120, width: 100, height: 100)
    }

    public static func makeEngine() -> GestureEngine {
        let engine = GestureEngine()
        engine.setTarget(GestureTarget(id: "list", frame: Rect(x: 0, y: 0, width: 1280, height: 640),
                                       gestures: [AttachedGesture("scroll", DragGesture().map(\.translation))]))
        let kinds = [
            ButtonPress(),
            ButtonPress(repeatBehavior: RepeatBehavior(accelerateAfter: 5, acceleratedInterval: 50_000)),
            ButtonPress(longPressDuration: 500_000),
            ButtonPress(cancellers: [.outOfBounds(margin: 24), .movement(threshold: 30)]),
            ButtonPress(isEnabled: false),
        ]
        let taps = TapGesture(count: 2).exclusively(before: TapGesture()).map { value -> Int in
            if case .first = value { return 2 } else { return 1 }
        }
        for index in 0..<buttonCount {
            engine.setTarget(GestureTarget(id: "button\(index)", frame: buttonFrame(index), button: kinds[index % kinds.count],
                                           gestures: [AttachedGesture("hold", LongPressGesture()), AttachedGesture("taps", taps)]))
        }
        let transform = MagnificationGesture().simultaneously(with: RotationGesture())
        engine.setTarget(GestureTarget(id: "photo", frame: Rect(x: 0, y: 660, width: 1280, height: 140), gestures: [
            AttachedGesture("transform", transform),
            AttachedGesture("hold-drag", LongPressGesture().sequenced(before: DragGesture(minimumDistance: 0)).map { _ in 0 }),
            AttachedGesture("timed", TimedPressGesture()),
        ]))
        engine.setScreenGestures([AttachedGesture("swipe", SwipeGesture())])
        return engine
    }

    /// The touch stream: ten kinds of interaction in turn, 8 ms between events.
    static func stream(interactions: Int) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        var time: Microseconds = 0
        func add(_ events: [(Int, TouchPhase, Double, Double)]) {
            time += 8_000
            frames.append(TouchFrame(events: events.map {
                TouchEvent(slot: $0.0, phase: $0.1, location: TouchLocation(x: $0.2, y: $0.3), timestamp: time)
            }, timestamp: time))
        }
        for interaction in 0..<interactions {
            let cell = buttonFrame(interaction % buttonCount)
            let (x, y) = (cell.minX + 50, cell.minY + 50)
            switch interaction % 10 {
            case 0...5:  // a tap with a little jitter
                add([(0, .down, x, y)])
                add([(0, .move, x + 1, y)])
                add([(0, .move, x + 1, y + 1)])
                add([(0, .up, x + 1, y + 1)])
            case 6:  // a hold: repeats or long-press triggers
                add([(0, .down, x, y)])
                for step in 0..<80 { add([(0, .move, x + Double(step % 3), y)]) }
                add([(0, .up, x, y)])
            case 7:  // a drag that claims the touch from the button
                add([(0, .down, x, y)])
                for step in 1...20 { add([(0, .move, x, y + Double(step) * 6)]) }
                add([(0, .up, x, y + 120)])
            case 8:  // a swipe on the empty margin
                add([(0, .down, 1270, 300)])
                for step in 1...8 { add([(0, .move, 1270 - Double(step) * 30, 300)]) }
                add([(0, .up, 1030, 300)])
            default:  // a pinch-and-turn on the photo
                add([(0, .down, 400, 730), (1, .down, 600, 730)])
                for step in 1...20 { add([(0, .move, 400 - Double(step) * 3, 730), (1, .move, 600 + Double(step) * 3, 730 + Double(step))]) }
                add([(0, .up, 340, 730), (1, .up, 660, 750)])
            }
            time += 400_000
        }
        return frames
    }

    /// Plays the stream into a fresh engine; returns how many outputs it produced.
    public func run() -> Int {
        let engine = Self.makeEngine()
        var outputs = 0
        for frame in frames {
            outputs += engine.advance(to: frame.timestamp).count
            outputs += engine.feed(frame).count
        }
        return outputs
    }

    /// The yardstick: reading every event of the stream once, the least any consumer does.
    public func readEvents() -> Double {
        var sum = 0.0
        for frame in frames {
            for event in frame.events { sum += event.location.x + Double(event.slot) }
        }
        return sum
    }
}
