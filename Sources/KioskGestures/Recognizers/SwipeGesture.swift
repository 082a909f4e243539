public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down
}

/// A quick straight stroke (seed 001, example 1, with the distance and speed checks its
/// section 1.6 asks for). On lift, the direction is the dominant axis of the whole stroke
/// (a tie counts as vertical); it succeeds when the stroke covered `minimumDistance` along
/// that axis at an average of at least `minimumVelocity` px/s, in one of its `directions`.
/// A stroke past `claimDistance` along the axis of one of its directions claims the touch,
/// so a button under it is cancelled rather than triggered; a swipe that only goes left or
/// right (a pager) leaves vertical strokes to what lies under the finger.
public struct SwipeGesture: Gesture {
    public var minimumDistance: Double
    public var minimumVelocity: Double
    public var claimDistance: Double
    /// The directions it recognizes; a stroke in another one fails.
    public var directions: Set<SwipeDirection>

    public init(
        minimumDistance: Double = GestureConfiguration.standard.swipeMinimumDistance,
        minimumVelocity: Double = GestureConfiguration.standard.swipeMinimumVelocity,
        claimDistance: Double = GestureConfiguration.standard.touchSlop,
        directions: Set<SwipeDirection> = Set(SwipeDirection.allCases)
    ) {
        self.minimumDistance = minimumDistance
        self.minimumVelocity = minimumVelocity
        self.claimDistance = claimDistance
        self.directions = directions
    }

    public func makeRecognizer() -> SwipeRecognizer { SwipeRecognizer(self) }

    /// The verdict on a whole stroke that took `seconds`: its dominant direction when it
    /// covered the minimum distance at the minimum average speed, in a direction it swipes.
    public func recognizedDirection(of stroke: TouchVector, seconds: Double) -> SwipeDirection? {
        let direction = Self.direction(of: stroke)
        let distance = direction == .left || direction == .right ? abs(stroke.dx) : abs(stroke.dy)
        let fastEnough = seconds <= 0 || distance / seconds >= minimumVelocity
        guard distance >= minimumDistance, fastEnough, directions.contains(direction) else { return nil }
        return direction
    }

    /// Past the claim distance, along an axis it swipes on (the dominant axis of the stroke
    /// so far; a tie counts as vertical, as for the direction).
    public func claims(_ stroke: TouchVector) -> Bool {
        guard stroke.length > claimDistance else { return false }
        return abs(stroke.dx) > abs(stroke.dy)
            ? directions.contains(.left) || directions.contains(.right)
            : directions.contains(.up) || directions.contains(.down)
    }

    /// The direction of a stroke by its dominant axis.
    public static func direction(of translation: TouchVector) -> SwipeDirection {
        if abs(translation.dx) > abs(translation.dy) {
            return translation.dx < 0 ? .left : .right
        }
        return translation.dy < 0 ? .up : .down
    }
}

public final class SwipeRecognizer: GestureRecognizer {
    private enum State {
        case idle
        case tracking(slot: Int, start: TouchLocation, since: Microseconds, claimed: Bool)
    }

    private let gesture: SwipeGesture
    @exclusivity(unchecked) private var state = State.idle

    init(_ gesture: SwipeGesture) {
        self.gesture = gesture
    }

    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<SwipeDirection>]) {
        switch (state, event.phase) {
        case (.idle, .down) where context.touchesOnTarget == 1:
            state = .tracking(slot: event.slot, start: event.location, since: event.timestamp, claimed: false)
        case (.tracking, .down):
            finish(.failed, into: &phases)
        case (.tracking(let slot, let start, let since, let claimed), .move) where slot == event.slot:
            if !claimed && gesture.claims(event.location - start) {
                state = .tracking(slot: slot, start: start, since: since, claimed: true)
            }
        case (.tracking(let slot, let start, let since, _), .up) where slot == event.slot:
            let seconds = Double(event.timestamp - since) / 1_000_000
            let direction = gesture.recognizedDirection(of: event.location - start, seconds: seconds)
            finish(direction.map { .ended($0) } ?? .failed, into: &phases)
        case (.tracking(let slot, _, _, _), .cancel) where slot == event.slot:
            finish(.cancelled, into: &phases)
        default:
            break
        }
    }

    private func finish(_ phase: GesturePhase<SwipeDirection>, into phases: inout [GesturePhase<SwipeDirection>]) {
        state = .idle
        phases.append(phase)
    }

    public func advance(to time: Microseconds, into phases: inout [GesturePhase<SwipeDirection>]) {}

    public func cancel(into phases: inout [GesturePhase<SwipeDirection>]) {
        if !isIdle { finish(.cancelled, into: &phases) }
    }

    public var deadline: Microseconds? { nil }

    public var isClaiming: Bool {
        if case .tracking(_, _, _, let claimed) = state { return claimed }
        return false
    }

    public var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }
}
