/// Where and how often a target was tapped.
public struct TapValue: Hashable, Sendable {
    /// Where the last finger of the sequence lifted, in UI pixels.
    public var location: TouchLocation
    public var count: Int

    public init(location: TouchLocation, count: Int) {
        self.location = location
        self.count = count
    }
}

/// One, two or three taps (SwiftUI's `TapGesture(count:)` with the location of seed 001,
/// example 3). Ends when the last finger lifts; fails when a finger moves further than
/// `maximumMovement`, a second finger lands, or the next tap does not come within
/// `maximumGap` of the previous lift (at exactly `maximumGap` it is too late: timers fire at
/// their deadline). A single tap does not wait for a double tap unless one is attached to
/// the same target (see `AttachedGesture`), or is composed with it:
/// `TapGesture(count: 2).exclusively(before: TapGesture())`.
public struct TapGesture: Gesture {
    public var count: Int
    public var maximumMovement: Double
    public var maximumGap: Microseconds

    public init(
        count: Int = 1,
        maximumMovement: Double = GestureConfiguration.standard.touchSlop,
        maximumGap: Microseconds = GestureConfiguration.standard.doubleTapGap
    ) {
        self.count = max(1, count)
        self.maximumMovement = maximumMovement
        self.maximumGap = maximumGap
    }

    public func makeRecognizer() -> TapRecognizer { TapRecognizer(self) }
}

public final class TapRecognizer: GestureRecognizer {
    private enum State {
        case idle
        case down(slot: Int, start: TouchLocation, taps: Int)
        case waiting(taps: Int, until: Microseconds)
    }

    private let gesture: TapGesture
    @exclusivity(unchecked) private var state = State.idle

    init(_ gesture: TapGesture) { self.gesture = gesture }

    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<TapValue>]) {
        switch (state, event.phase) {
        case (.idle, .down) where context.touchesOnTarget == 1:
            state = .down(slot: event.slot, start: event.location, taps: 0)
        case (.waiting(let taps, let until), .down):
            if context.touchesOnTarget == 1 && event.timestamp < until {
                state = .down(slot: event.slot, start: event.location, taps: taps)
            } else {
                fail(into: &phases)
                if context.touchesOnTarget == 1 { state = .down(slot: event.slot, start: event.location, taps: 0) }
            }
        case (.down, .down):
            fail(into: &phases)
        case (.down(let slot, let start, _), .move) where slot == event.slot:
            if event.location.distance(to: start) > gesture.maximumMovement { fail(into: &phases) }
        case (.down(let slot, _, let taps), .up) where slot == event.slot:
            if taps + 1 == gesture.count {
                state = .idle
                phases.append(.ended(TapValue(location: event.location, count: gesture.count)))
            } else {
                state = .waiting(taps: taps + 1, until: event.timestamp.adding(gesture.maximumGap))
            }
        case (.down(let slot, _, _), .cancel) where slot == event.slot:
            cancel(into: &phases)
        default:
            break
        }
    }

    public func advance(to time: Microseconds, into phases: inout [GesturePhase<TapValue>]) {
        if case .waiting(_, let until) = state, time >= until { fail(into: &phases) }
    }

    public func cancel(into phases: inout [GesturePhase<TapValue>]) {
        if isIdle { return }
        state = .idle
        phases.append(.cancelled)
    }

    private func fail(into phases: inout [GesturePhase<TapValue>]) {
        state = .idle
        phases.append(.failed)
    }

    public var deadline: Microseconds? {
        if case .waiting(_, let until) = state { return until }
        return nil
    }

    public var isClaiming: Bool { false }

    public var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }
}
