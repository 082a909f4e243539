/// A drag's state, as SwiftUI's `DragGesture.Value`.
public struct DragValue: Hashable, Sendable {
    public var time: Microseconds
    public var location: TouchLocation
    public var startLocation: TouchLocation
    /// Pixels per second over the last 100 ms.
    public var velocity: TouchVector
    /// Where the finger would come to rest if it let go now and decelerated like a
    /// scroll view (see `DragGesture.decelerationRate`).
    public var predictedEndLocation: TouchLocation

    public var translation: TouchVector { location - startLocation }
    public var predictedEndTranslation: TouchVector { predictedEndLocation - startLocation }
}

/// SwiftUI's `DragGesture`: begins once the finger has moved `minimumDistance` from where it
/// went down (at once if zero), reports every move, ends when the finger lifts. A drag that
/// began owns its touch (claims it). A second finger on the target cancels it.
public struct DragGesture: Gesture {
    public var minimumDistance: Double
    /// The fraction of velocity kept per millisecond of coasting (UIScrollView's normal
    /// rate is 0.998); the predicted end lies velocity × rate / (1 − rate) ms ahead.
    public var decelerationRate: Double

    public init(minimumDistance: Double = GestureConfiguration.standard.touchSlop, decelerationRate: Double = 0.998) {
        self.minimumDistance = minimumDistance
        self.decelerationRate = decelerationRate
    }

    public func makeRecognizer() -> DragRecognizer { DragRecognizer(self) }
}

public final class DragRecognizer: GestureRecognizer {
    private enum State {
        case idle
        case possible(slot: Int, start: TouchLocation)
        case active(slot: Int, start: TouchLocation)
    }

    private let gesture: DragGesture
    private let coastSeconds: Double
    @exclusivity(unchecked) private var state = State.idle
    @exclusivity(unchecked) private var tracker = VelocityTracker()
    @exclusivity(unchecked) private var location = TouchLocation(x: 0, y: 0)

    init(_ gesture: DragGesture) {
        self.gesture = gesture
        let rate = min(max(gesture.decelerationRate, 0), 0.9999)
        coastSeconds = rate / (1 - rate) / 1000
    }

    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<DragValue>]) {
        switch (state, event.phase) {
        case (.idle, .down) where context.touchesOnTarget == 1:
            tracker.reset(event.location, at: event.timestamp)
            location = event.location
            state = .possible(slot: event.slot, start: event.location)
            if gesture.minimumDistance <= 0 {
                state = .active(slot: event.slot, start: event.location)
                phases.append(.changed(value(start: event.location, time: event.timestamp)))
            }
        case (.possible, .down):
            finish(.failed, into: &phases)
        case (.active, .down):
            finish(.cancelled, into: &phases)
        case (.possible(let slot, let start), .move) where slot == event.slot:
            track(event)
            if event.location.distance(to: start) >= gesture.minimumDistance {
                state = .active(slot: slot, start: start)
                phases.append(.changed(value(start: start, time: event.timestamp)))
            }
        case (.active(let slot, let start), .move) where slot == event.slot:
            track(event)
            phases.append(.changed(value(start: start, time: event.timestamp)))
        case (.possible(let slot, _), .up) where slot == event.slot:
            finish(.failed, into: &phases)
        case (.active(let slot, let start), .up) where slot == event.slot:
            // The lift counts as a sample: a finger held still sends no moves, and lifted
            // after a pause it has no speed left to fling with.
            track(event)
            let final = value(start: start, time: event.timestamp)
            finish(.ended(final), into: &phases)
        case (.possible(let slot, _), .cancel) where slot == event.slot,
             (.active(let slot, _), .cancel) where slot == event.slot:
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
        let velocity = tracker.velocity
        let coast = TouchVector(dx: velocity.dx * coastSeconds, dy: velocity.dy * coastSeconds)
        return DragValue(time: time, location: location, startLocation: start, velocity: velocity,
                         predictedEndLocation: location + coast)
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
