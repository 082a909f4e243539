import KioskGestures
import KioskGraphics

/// Reads one finger's touches in explore mode as the screen reader's commands. A second
/// finger ends the touch without a command, so multi-finger gestures are left alone.
///
/// Written here rather than with the gesture engine: explore mode replaces the engine's
/// targets (no button may press), and a first touch must announce at once, which the
/// engine's tap recognizers, waiting to tell a tap from a double tap, cannot do.
struct ExploreGestures {
    enum Command: Equatable {
        /// A finger landed; `isSecondTap` when it may finish a double tap (nothing is
        /// explored then, so the double tap keeps the focus it had).
        case touchDown(Point, isSecondTap: Bool)
        /// The finger is at this point: focus what is under it.
        case explore(Point)
        /// A double tap: activate the focused element.
        case activate
        /// A quick one-finger flick.
        case flick(SwipeDirection)
    }

    /// The longest touch that is still a tap or a flick.
    var maximumTapDuration: Microseconds = 300_000
    /// The longest pause between the taps of a double tap.
    var doubleTapInterval: Microseconds = 350_000
    /// How far a tap may move, and how far apart a double tap's taps may land.
    var tapSlop: Double = 24
    /// How far a flick must travel.
    var flickDistance: Double = 48

    private struct Touch {
        var slot: Int
        var start: Point
        var startTime: Microseconds
        var location: Point
        var moved = false
        var isSecondTap: Bool
    }

    private var touch: Touch?
    private var fingers: Set<Int> = []
    private var lastTap: (location: Point, time: Microseconds)?

    mutating func feed(_ frame: TouchFrame) -> [Command] {
        frame.events.flatMap { feed($0) }
    }

    mutating func reset() {
        touch = nil
        fingers = []
        lastTap = nil
    }

    private mutating func feed(_ event: TouchEvent) -> [Command] {
        let point = Point(x: event.location.x, y: event.location.y)
        switch event.phase {
        case .down:
            fingers.insert(event.slot)
            guard fingers.count == 1 else {
                touch = nil
                lastTap = nil
                return []
            }
            let isSecondTap = lastTap.map { event.timestamp - $0.time <= doubleTapInterval && distance($0.location, point) <= 2 * tapSlop } ?? false
            touch = Touch(slot: event.slot, start: point, startTime: event.timestamp, location: point, isSecondTap: isSecondTap)
            return [.touchDown(point, isSecondTap: isSecondTap)]
        case .move:
            guard var current = touch, current.slot == event.slot else { return [] }
            current.location = point
            if !current.moved, distance(current.start, point) > tapSlop { current.moved = true }
            touch = current
            // A second tap that turns into a slide explores after all.
            return current.moved ? [.explore(point)] : []
        case .up, .cancel:
            fingers.remove(event.slot)
            guard let current = touch, current.slot == event.slot else { return [] }
            touch = nil
            guard event.phase == .up else {
                lastTap = nil
                return []
            }
            let duration = event.timestamp - current.startTime
            let dx = point.x - current.start.x, dy = point.y - current.start.y
            if duration <= maximumTapDuration, max(abs(dx), abs(dy)) >= flickDistance {
                lastTap = nil
                if abs(dx) > 2 * abs(dy) { return [.flick(dx > 0 ? .right : .left)] }
                if abs(dy) > 2 * abs(dx) { return [.flick(dy > 0 ? .down : .up)] }
                return []
            }
            guard duration <= maximumTapDuration, !current.moved else {
                lastTap = nil
                return []
            }
            if current.isSecondTap {
                lastTap = nil
                return [.activate]
            }
            lastTap = (point, event.timestamp)
            return []
        }
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
