import KioskGestures
import KioskGraphics

/// How far content is lifted so the edited field shows above the on-screen keyboard: it
/// moves to a new height along the keyboard's own slide, so field and keyboard travel
/// together.
struct KeyboardLift {
    private(set) var from = 0.0
    private(set) var target = 0.0
    private var start: Microseconds = 0

    /// The lift at `time`.
    func value(at time: Microseconds) -> Double {
        guard from != target, time - start < Keyboard.slide.durationMicroseconds else { return target }
        return from + (target - from) * Keyboard.slide.progress(Double(max(time - start, 0)) / 1_000_000)
    }

    /// Starts moving to `height` at `time`, from where it is.
    mutating func move(to height: Double, at time: Microseconds) {
        guard height != target else { return }
        from = value(at: time)
        target = height
        start = time
    }
}

/// Content placed lifted above the keyboard: laid out where the lift ends (its buttons
/// take touches there), and moved frame by frame while the lift slides.
struct LiftedPlacement {
    var lift = KeyboardLift()
    /// Where the content lies unlifted.
    private var rect = Rect.zero
    private var placed = 0.0

    /// Places `content` in `rect`, lifted as far as the lift goes.
    mutating func place(_ content: Node, in rect: Rect) {
        self.rect = rect
        placed = lift.target
        content.place(in: rect.offsetBy(dx: 0, dy: -placed))
    }

    /// True when the content is not where the lift is at `time`.
    func isBehind(at time: Microseconds) -> Bool { placed != lift.value(at: time) }

    /// Moves `content` to where the lift is at `time`; what it emitted elsewhere is dropped.
    /// True when that is where the lift ends: what was placed on the way is placed anew.
    mutating func follow(_ content: Node, at time: Microseconds) -> Bool {
        let value = lift.value(at: time)
        guard value != placed else { return false }
        placed = value
        content.place(in: rect.offsetBy(dx: 0, dy: -value))
        content.forEachNode { $0.forgetEmission() }
        return value == lift.target
    }
}
