/// A scroll view's pan (UIScrollView's pan recognizer): it begins once the finger has moved
/// `touchSlop` along an axis it scrolls, and then owns the touch, so a button pressed under
/// the finger is cancelled. A stroke that leaves the slop across its axes fails, leaving the
/// touch to a scroll view of the other axis around it or to a screen swipe. It follows the
/// first finger and ignores the others (a palm or ten fingers do not stop it).
public struct ScrollDragGesture: Gesture {
    public var horizontal: Bool
    public var vertical: Bool
    public var touchSlop: Double

    public init(horizontal: Bool, vertical: Bool, touchSlop: Double = GestureConfiguration.standard.touchSlop) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.touchSlop = touchSlop
    }

    public func makeRecognizer() -> ScrollDragRecognizer { ScrollDragRecognizer(self) }
}

public final class ScrollDragRecognizer: GestureRecognizer {
    private enum State {
        case idle
        case possible(slot: Int, start: TouchLocation)
        case active(slot: Int, start: TouchLocation)
    }

    private let gesture: ScrollDragGesture
    @exclusivity(unchecked) private var state = State.idle
    @exclusivity(unchecked) private var tracker = VelocityTracker()
    @exclusivity(unchecked) private var location = TouchLocation(x: 0, y: 0)

    init(_ gesture: ScrollDragGesture) { self.gesture = gesture }

    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<DragValue>]) {
        switch (state, event.phase) {
        case (.idle, .down):
            tracker.reset(event.location, at: event.timestamp)
            location = event.location
            state = .possible(slot: event.slot, start: event.location)
        case (.possible(let slot, let start), .move) where slot == event.slot:
            track(event)
            let dx = abs(event.location.x - start.x), dy = abs(event.location.y - start.y)
            let along = (gesture.horizontal ? dx : 0) + (gesture.vertical ? dy : 0)
            let across = (gesture.horizontal ? 0 : dx) + (gesture.vertical ? 0 : dy)
            if along >= gesture.touchSlop, along >= across {
                state = .active(slot: slot, start: start)
                phases.append(.changed(value(start: start, time: event.timestamp)))
            } else if across >= gesture.touchSlop {
                finish(.failed, into: &phases)
            }
        case (.active(let slot, let start), .move) where slot == event.slot:
            track(event)
            phases.append(.changed(value(start: start, time: event.timestamp)))
        case (.possible(let slot, _), .up) where slot == event.slot,
             (.possible(let slot, _), .cancel) where slot == event.slot:
            finish(.failed, into: &phases)
        case (.active(let slot, let start), .up) where slot == event.slot:
            // The lift counts as a sample: a finger held still sends no moves, and lifted
            // after a pause it has no speed left to fling with.
            track(event)
            finish(.ended(value(start: start, time: event.timestamp)), into: &phases)
        case (.active(let slot, _), .cancel) where slot == event.slot:
            finish(.cancelled, into: &phases)
        default:
            break
        }
    }

    private func track(_ event: TouchEvent) {
        tracker.add(event.location, at: event.timestamp)
        location = event.location
    }

    private func value(start: TouchLocation, time: Microseconds) -> DragValue {
        DragValue(time: time, location: location, startLocation: start, velocity: tracker.velocity,
                  predictedEndLocation: location)
    }

    private func finish(_ phase: GesturePhase<DragValue>, into phases: inout [GesturePhase<DragValue>]) {
        state = .idle
        phases.append(phase)
    }

    public func advance(to time: Microseconds, into phases: inout [GesturePhase<DragValue>]) {}

    public func cancel(into phases: inout [GesturePhase<DragValue>]) {
        if !isIdle { finish(.cancelled, into: &phases) }
    }

    public var deadline: Microseconds? { nil }

    public var isClaiming: Bool {
        if case .active = state { return true }
        return false
    }

    public var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }
}
