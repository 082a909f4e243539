extension Gesture {
    /// Both gestures see every touch and both may succeed, like pinch with rotation.
    @inlinable public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(first: self, second: other)
    }
}

/// The latest value of each part; nil for a part that has not reported one or failed.
public struct SimultaneousValue<First, Second> {
    public var first: First?
    public var second: Second?

    @inlinable init(first: First?, second: Second?) {
        self.first = first
        self.second = second
    }
}

extension SimultaneousValue: Equatable where First: Equatable, Second: Equatable {}
extension SimultaneousValue: Hashable where First: Hashable, Second: Hashable {}
extension SimultaneousValue: Sendable where First: Sendable, Second: Sendable {}

/// Reports `changed` whenever either part changes. The interaction ends once both parts
/// are done (reported their ending, or never started): `ended` with their values if either succeeded, otherwise `cancelled` if
/// either was cancelled, otherwise `failed`.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    public typealias Value = SimultaneousValue<First.Value, Second.Value>

    public let first: First
    public let second: Second

    @inlinable init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable public func makeRecognizer() -> SimultaneousRecognizer<First.Recognizer, Second.Recognizer> {
        SimultaneousRecognizer(first: first.makeRecognizer(), second: second.makeRecognizer())
    }
}

public final class SimultaneousRecognizer<First: GestureRecognizer, Second: GestureRecognizer>: GestureRecognizer {
    public typealias Value = SimultaneousValue<First.Value, Second.Value>

    /// How a part's interaction ended, or nil while it has not.
    @usableFromInline enum Outcome { case ended, failed, cancelled }

    @usableFromInline let first: First
    @usableFromInline let second: Second
    @exclusivity(unchecked) @usableFromInline var firstPhases: [GesturePhase<First.Value>] = []
    @exclusivity(unchecked) @usableFromInline var secondPhases: [GesturePhase<Second.Value>] = []
    @exclusivity(unchecked) @usableFromInline var value = Value(first: nil, second: nil)
    @exclusivity(unchecked) @usableFromInline var firstOutcome: Outcome?
    @exclusivity(unchecked) @usableFromInline var secondOutcome: Outcome?

    @inlinable init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        first.handle(event, context: context, into: &firstPhases)
        second.handle(event, context: context, into: &secondPhases)
        combine(into: &phases)
    }

    @inlinable public func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) {
        first.advance(to: time, into: &firstPhases)
        second.advance(to: time, into: &secondPhases)
        combine(into: &phases)
    }

    @inlinable public func cancel(into phases: inout [GesturePhase<Value>]) {
        let wasIdle = isIdle && firstOutcome == nil && secondOutcome == nil
        first.cancel(into: &firstPhases)
        second.cancel(into: &secondPhases)
        firstPhases.clear()
        secondPhases.clear()
        reset()
        if !wasIdle { phases.append(.cancelled) }
    }

    @inlinable func combine(into phases: inout [GesturePhase<Value>]) {
        for phase in firstPhases {
            switch phase {
            case .changed(let v): value.first = v; phases.append(.changed(value))
            case .ended(let v): value.first = v; firstOutcome = .ended
            case .failed: value.first = nil; firstOutcome = .failed
            case .cancelled: value.first = nil; firstOutcome = .cancelled
            }
        }
        for phase in secondPhases {
            switch phase {
            case .changed(let v): value.second = v; phases.append(.changed(value))
            case .ended(let v): value.second = v; secondOutcome = .ended
            case .failed: value.second = nil; secondOutcome = .failed
            case .cancelled: value.second = nil; secondOutcome = .cancelled
            }
        }
        firstPhases.clear()
        secondPhases.clear()

        // A part is done when it reported its ending (a pinch ends when a finger lifts, even
        // though the other finger is still down) or never started.
        let firstDone = firstOutcome != nil || first.isIdle
        let secondDone = secondOutcome != nil || second.isIdle
        guard firstDone, secondDone, firstOutcome != nil || secondOutcome != nil else { return }
        let outcomes = [firstOutcome, secondOutcome]
        if outcomes.contains(.ended) {
            phases.append(.ended(value))
        } else if outcomes.contains(.cancelled) {
            phases.append(.cancelled)
        } else {
            phases.append(.failed)
        }
        reset()
    }

    @inlinable func reset() {
        value = Value(first: nil, second: nil)
        firstOutcome = nil
        secondOutcome = nil
    }

    @inlinable public var deadline: Microseconds? {
        switch (first.deadline, second.deadline) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
    }

    @inlinable public var isClaiming: Bool { first.isClaiming || second.isClaiming }
    @inlinable public var isIdle: Bool { first.isIdle && second.isIdle && firstOutcome == nil && secondOutcome == nil }
}
