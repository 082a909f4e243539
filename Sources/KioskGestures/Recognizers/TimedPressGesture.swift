/// A press that reports how long it has been held (seed 001, example 2, with the
/// improvements of its section 2.6): `changed(duration)` every `interval` while the finger
/// is down, then `ended(total)` when it lifts or moves further than `maximumDistance`
/// (whichever comes first; the rest of that touch is ignored). Durations are microseconds
/// since the finger went down.
public struct TimedPressGesture: Gesture {
    /// The seed's default of 16 ms: one report per 60 Hz frame.
    public var interval: Microseconds
    public var maximumDistance: Double

    public init(interval: Microseconds = 16_000, maximumDistance: Double = GestureConfiguration.standard.touchSlop) {
        self.interval = max(interval, 1_000)
        self.maximumDistance = maximumDistance
    }

    public func makeRecognizer() -> TimedPressRecognizer { TimedPressRecognizer(self) }
}

public final class TimedPressRecognizer: GestureRecognizer {
    private enum State {
        case idle
        case pressing(slot: Int, start: TouchLocation, since: Microseconds, nextTick: Microseconds)
        /// Ended by moving away; ignores the finger until it lifts.
        case finished(slot: Int)
    }

    private let gesture: TimedPressGesture
    @exclusivity(unchecked) private var state = State.idle

    init(_ gesture: TimedPressGesture) { self.gesture = gesture }

    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Microseconds>]) {
        switch (state, event.phase) {
        case (.idle, .down) where context.touchesOnTarget == 1:
            state = .pressing(slot: event.slot, start: event.location, since: event.timestamp,
                              nextTick: event.timestamp.adding(gesture.interval))
        case (.pressing(let slot, let start, let since, _), .move) where slot == event.slot:
            if event.location.distance(to: start) > gesture.maximumDistance {
                state = .finished(slot: slot)
                phases.append(.ended(event.timestamp - since))
            }
        case (.pressing(let slot, _, let since, _), .up) where slot == event.slot:
            state = .idle
            phases.append(.ended(event.timestamp - since))
        case (.pressing(let slot, _, _, _), .cancel) where slot == event.slot:
            state = .idle
            phases.append(.cancelled)
        case (.finished(let slot), .up), (.finished(let slot), .cancel):
            if slot == event.slot { state = .idle }
        default:
            break
        }
    }

    public func advance(to time: Microseconds, into phases: inout [GesturePhase<Microseconds>]) {
        guard case .pressing(let slot, let start, let since, var tick) = state, time >= tick else { return }
        while tick <= time {
            phases.append(.changed(tick - since))
            let next = tick.adding(gesture.interval)
            // At the end of time the tick cannot move on: one report per call, not a spin.
            if next == tick { break }
            tick = next
        }
        state = .pressing(slot: slot, start: start, since: since, nextTick: tick)
    }

    public func cancel(into phases: inout [GesturePhase<Microseconds>]) {
        switch state {
        case .idle: return
        case .pressing: phases.append(.cancelled)
        case .finished: break
        }
        state = .idle
    }

    public var deadline: Microseconds? {
        if case .pressing(_, _, _, let tick) = state { return tick }
        return nil
    }

    public var isClaiming: Bool { false }

    public var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }
}
