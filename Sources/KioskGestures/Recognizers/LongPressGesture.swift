/// SwiftUI's `LongPressGesture`, with its `pressing:` callback as the phases: `changed(true)`
/// when the finger goes down (pressing begins), `ended(true)` exactly once at
/// `minimumDuration` while the finger is still down (pressing ends, perform), and `failed`
/// or `cancelled` when the finger lifts early, moves further than `maximumDistance`, a
/// second finger lands, or the touch is taken away (pressing ends, no perform).
public struct LongPressGesture: Gesture {
    public var minimumDuration: Microseconds
    public var maximumDistance: Double

    public init(
        minimumDuration: Microseconds = GestureConfiguration.standard.longPressDuration,
        maximumDistance: Double = GestureConfiguration.standard.longPressMaximumDistance
    ) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
    }

    public func makeRecognizer() -> LongPressRecognizer { LongPressRecognizer(self) }
}

public final class LongPressRecognizer: GestureRecognizer {
    private enum State {
        case idle
        case pressing(slot: Int, start: TouchLocation, until: Microseconds)
        /// Fired; owns the finger until it lifts so nothing else reacts to it.
        case fired(slot: Int)
    }

    private let gesture: LongPressGesture
    @exclusivity(unchecked) private var state = State.idle

    init(_ gesture: LongPressGesture) { self.gesture = gesture }

    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Bool>]) {
        switch (state, event.phase) {
        case (.idle, .down) where context.touchesOnTarget == 1:
            state = .pressing(slot: event.slot, start: event.location, until: event.timestamp.adding(gesture.minimumDuration))
            phases.append(.changed(true))
        case (.pressing, .down):
            finish(.failed, into: &phases)
        case (.pressing(let slot, let start, _), .move) where slot == event.slot:
            if event.location.distance(to: start) > gesture.maximumDistance { finish(.failed, into: &phases) }
        case (.pressing(let slot, _, _), .up) where slot == event.slot:
            finish(.failed, into: &phases)
        case (.pressing(let slot, _, _), .cancel) where slot == event.slot:
            finish(.cancelled, into: &phases)
        case (.fired(let slot), .up), (.fired(let slot), .cancel):
            if slot == event.slot { state = .idle }
        default:
            break
        }
    }

    public func advance(to time: Microseconds, into phases: inout [GesturePhase<Bool>]) {
        if case .pressing(let slot, _, let until) = state, time >= until {
            state = .fired(slot: slot)
            phases.append(.ended(true))
        }
    }

    public func cancel(into phases: inout [GesturePhase<Bool>]) {
        switch state {
        case .idle: return
        case .pressing: finish(.cancelled, into: &phases)
        case .fired: state = .idle
        }
    }

    private func finish(_ phase: GesturePhase<Bool>, into phases: inout [GesturePhase<Bool>]) {
        state = .idle
        phases.append(phase)
    }

    public var deadline: Microseconds? {
        if case .pressing(_, _, let until) = state { return until }
        return nil
    }

    public var isClaiming: Bool {
        if case .fired = state { return true }
        return false
    }

    public var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }
}
