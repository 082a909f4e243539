extension Gesture {
    /// `other` starts only once this gesture succeeded, with the fingers that are still
    /// down, like a long press that unlocks a drag.
    @inlinable public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SequenceGesture(first: self, second: other)
    }
}

public enum SequenceValue<First, Second> {
    /// The first gesture is under way.
    case first(First)
    /// The first gesture succeeded; the second has its value once it reported one.
    case second(First, Second?)
}

extension SequenceValue: Equatable where First: Equatable, Second: Equatable {}
extension SequenceValue: Hashable where First: Hashable, Second: Hashable {}
extension SequenceValue: Sendable where First: Sendable, Second: Sendable {}

/// The first gesture's changes are reported as `.first`. When it succeeds, the sequence
/// reports `changed(.second(a, nil))` and the second gesture starts at once: it is given a
/// `down` for each finger still on the target (at its current location), so a drag with
/// minimum distance 0 begins right away. The sequence ends with the second gesture. It
/// fails when the first fails, when the second fails, or when every finger lifted before
/// the second began.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    public typealias Value = SequenceValue<First.Value, Second.Value>

    public let first: First
    public let second: Second

    @inlinable init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable public func makeRecognizer() -> SequenceRecognizer<First.Recognizer, Second.Recognizer> {
        SequenceRecognizer(first: first.makeRecognizer(), second: second.makeRecognizer())
    }
}

public final class SequenceRecognizer<First: GestureRecognizer, Second: GestureRecognizer>: GestureRecognizer {
    public typealias Value = SequenceValue<First.Value, Second.Value>

    @usableFromInline let first: First
    @usableFromInline let second: Second
    @exclusivity(unchecked) @usableFromInline var firstPhases: [GesturePhase<First.Value>] = []
    @exclusivity(unchecked) @usableFromInline var secondPhases: [GesturePhase<Second.Value>] = []
    /// The first gesture's value once it succeeded: the second gesture's turn.
    @exclusivity(unchecked) @usableFromInline var firstValue: First.Value?
    /// Fingers down on the target, in the order they landed.
    @exclusivity(unchecked) @usableFromInline var touches: [(slot: Int, location: TouchLocation)] = []
    @exclusivity(unchecked) @usableFromInline var frame = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        frame = context.frame
        track(event, context: context)
        if let value = firstValue {
            second.handle(event, context: context, into: &secondPhases)
            forwardSecond(value, into: &phases)
            if firstValue != nil && touches.isEmpty && second.isIdle { finish(.failed, into: &phases) }
        } else {
            first.handle(event, context: context, into: &firstPhases)
            forwardFirst(at: event.timestamp, into: &phases)
        }
    }

    @inlinable public func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) {
        if let value = firstValue {
            second.advance(to: time, into: &secondPhases)
            forwardSecond(value, into: &phases)
        } else {
            first.advance(to: time, into: &firstPhases)
            forwardFirst(at: time, into: &phases)
        }
    }

    @inlinable public func cancel(into phases: inout [GesturePhase<Value>]) {
        let wasIdle = isIdle
        var ignoredFirst: [GesturePhase<First.Value>] = []
        var ignoredSecond: [GesturePhase<Second.Value>] = []
        first.cancel(into: &ignoredFirst)
        second.cancel(into: &ignoredSecond)
        touches.removeAll()
        firstValue = nil
        if !wasIdle { phases.append(.cancelled) }
    }

    @inlinable func track(_ event: TouchEvent, context: TouchContext) {
        switch event.phase {
        case .down:
            if context.touchesOnTarget == 1 { touches.removeAll() }
            touches.append((event.slot, event.location))
        case .move:
            if let index = touches.firstIndex(where: { $0.slot == event.slot }) { touches[index].location = event.location }
        case .up, .cancel:
            touches.removeAll { $0.slot == event.slot }
        }
    }

    @inlinable func forwardFirst(at time: Microseconds, into phases: inout [GesturePhase<Value>]) {
        let reported = firstPhases
        firstPhases.clear()
        for phase in reported {
            switch phase {
            case .changed(let value):
                phases.append(.changed(.first(value)))
            case .ended(let value):
                // The first gesture may still hold its finger (a fired long press): release it.
                var ignored: [GesturePhase<First.Value>] = []
                first.cancel(into: &ignored)
                firstValue = value
                phases.append(.changed(.second(value, nil)))
                startSecond(at: time, into: &phases)
                return
            case .failed:
                finish(.failed, into: &phases)
                return
            case .cancelled:
                finish(.cancelled, into: &phases)
                return
            }
        }
    }

    /// Gives the second gesture the fingers that are down now.
    @inlinable func startSecond(at time: Microseconds, into phases: inout [GesturePhase<Value>]) {
        guard let value = firstValue else { return }
        if touches.isEmpty {
            finish(.failed, into: &phases)
            return
        }
        for (index, touch) in touches.enumerated() {
            let down = TouchEvent(slot: touch.slot, phase: .down, location: touch.location, timestamp: time)
            second.handle(down, context: TouchContext(frame: frame, touchesOnTarget: index + 1), into: &secondPhases)
        }
        forwardSecond(value, into: &phases)
    }

    @inlinable func forwardSecond(_ value: First.Value, into phases: inout [GesturePhase<Value>]) {
        let reported = secondPhases
        secondPhases.clear()
        for phase in reported {
            switch phase {
            case .changed(let second): phases.append(.changed(.second(value, second)))
            case .ended(let second): finish(.ended(.second(value, second)), into: &phases)
            case .failed: finish(.failed, into: &phases)
            case .cancelled: finish(.cancelled, into: &phases)
            }
            if firstValue == nil { return }
        }
    }

    @inlinable func finish(_ phase: GesturePhase<Value>, into phases: inout [GesturePhase<Value>]) {
        firstValue = nil
        phases.append(phase)
    }

    @inlinable public var deadline: Microseconds? { firstValue == nil ? first.deadline : second.deadline }

    /// Once the first gesture succeeded, the sequence owns the fingers.
    @inlinable public var isClaiming: Bool {
        firstValue == nil ? first.isClaiming : (!touches.isEmpty || second.isClaiming)
    }

    @inlinable public var isIdle: Bool { firstValue == nil && first.isIdle && second.isIdle }
}
