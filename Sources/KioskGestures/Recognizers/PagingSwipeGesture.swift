/// Where a paging stroke is: how far the finger moved, how fast it moves now, and (on
/// lift) the swipe the whole stroke made, if it made one.
public struct PagingSwipe: Hashable, Sendable {
    public var translation: TouchVector
    public var velocity: TouchVector
    /// Set on `ended` when the stroke passes `SwipeGesture`'s checks.
    public var swipe: SwipeDirection?

    public init(translation: TouchVector, velocity: TouchVector, swipe: SwipeDirection? = nil) {
        self.translation = translation
        self.velocity = velocity
        self.swipe = swipe
    }
}

/// A screen's swipe that the screen follows, as a paging view's pan does: like
/// `SwipeGesture` it claims a stroke past `claimDistance` along the axis of one of its
/// directions (a button under the finger is cancelled), and from then on it reports the
/// finger's translation on every move; on lift it ends with the swipe the stroke made, if
/// any, so the owner decides whether the page turns or springs back.
public struct PagingSwipeGesture: Gesture {
    public var swipe: SwipeGesture

    public init(_ swipe: SwipeGesture) { self.swipe = swipe }

    public func makeRecognizer() -> PagingSwipeRecognizer { PagingSwipeRecognizer(swipe) }
}

public final class PagingSwipeRecognizer: GestureRecognizer {
    private enum State {
        case idle
        case tracking(slot: Int, start: TouchLocation, since: Microseconds, claimed: Bool)
    }

    private let gesture: SwipeGesture
    @exclusivity(unchecked) private var state = State.idle
    @exclusivity(unchecked) private var tracker = VelocityTracker()

    init(_ gesture: SwipeGesture) {
        self.gesture = gesture
    }

    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<PagingSwipe>]) {
        switch (state, event.phase) {
        case (.idle, .down) where context.touchesOnTarget == 1:
            tracker.reset(event.location, at: event.timestamp)
            state = .tracking(slot: event.slot, start: event.location, since: event.timestamp, claimed: false)
        case (.tracking(_, _, _, let claimed), .down):
            finish(claimed ? .cancelled : .failed, into: &phases)
        case (.tracking(let slot, let start, let since, let claimed), .move) where slot == event.slot:
            tracker.add(event.location, at: event.timestamp)
            let stroke = event.location - start
            if claimed || gesture.claims(stroke) {
                state = .tracking(slot: slot, start: start, since: since, claimed: true)
                phases.append(.changed(PagingSwipe(translation: stroke, velocity: tracker.velocity)))
            }
        case (.tracking(let slot, let start, let since, let claimed), .up) where slot == event.slot:
            tracker.add(event.location, at: event.timestamp)
            let stroke = event.location - start
            let swipe = gesture.recognizedDirection(of: stroke, seconds: Double(event.timestamp - since) / 1_000_000)
            guard claimed || swipe != nil else { return finish(.failed, into: &phases) }
            finish(.ended(PagingSwipe(translation: stroke, velocity: tracker.velocity, swipe: swipe)), into: &phases)
        case (.tracking(let slot, _, _, _), .cancel) where slot == event.slot:
            finish(.cancelled, into: &phases)
        default:
            break
        }
    }

    private func finish(_ phase: GesturePhase<PagingSwipe>, into phases: inout [GesturePhase<PagingSwipe>]) {
        state = .idle
        phases.append(phase)
    }

    public func advance(to time: Microseconds, into phases: inout [GesturePhase<PagingSwipe>]) {}

    public func cancel(into phases: inout [GesturePhase<PagingSwipe>]) {
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
