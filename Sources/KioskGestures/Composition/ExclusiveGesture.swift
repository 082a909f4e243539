extension Gesture {
    /// Only one of the two succeeds, and this one has priority: `other`'s reports wait
    /// while this gesture may still succeed (a single tap waits for a double tap to fail).
    @inlinable public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(first: self, second: other)
    }
}

public enum ExclusiveValue<First, Second> {
    case first(First)
    case second(Second)
}

extension ExclusiveValue: Equatable where First: Equatable, Second: Equatable {}
extension ExclusiveValue: Hashable where First: Hashable, Second: Hashable {}
extension ExclusiveValue: Sendable where First: Sendable, Second: Sendable {}

/// Both parts see every touch. The first part's changes are reported as they come; if it
/// succeeds, the second part is cancelled. The second part's reports are held while the
/// first part is under way and released, in order, when it fails. Each interaction ends
/// in exactly one terminal phase. A first part that is waiting for more (a double tap after
/// one tap, a pinch with one finger down) holds the second part's reports until it gives up.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    public typealias Value = ExclusiveValue<First.Value, Second.Value>

    public let first: First
    public let second: Second

    @inlinable init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable public func makeRecognizer() -> ExclusiveRecognizer<First.Recognizer, Second.Recognizer> {
        ExclusiveRecognizer(first: first.makeRecognizer(), second: second.makeRecognizer())
    }
}

public final class ExclusiveRecognizer<First: GestureRecognizer, Second: GestureRecognizer>: GestureRecognizer {
    public typealias Value = ExclusiveValue<First.Value, Second.Value>

    @usableFromInline let first: First
    @usableFromInline let second: Second
    @exclusivity(unchecked) @usableFromInline var firstPhases: [GesturePhase<First.Value>] = []
    @exclusivity(unchecked) @usableFromInline var secondPhases: [GesturePhase<Second.Value>] = []
    /// The second part's reports, held while the first part may still win.
    @exclusivity(unchecked) @usableFromInline var held: [GesturePhase<Value>] = []
    /// The first part failed in this interaction: the second part speaks for itself.
    @exclusivity(unchecked) @usableFromInline var firstLost = false
    /// A terminal phase was reported; the rest of the interaction is silent.
    @exclusivity(unchecked) @usableFromInline var settled = false

    @inlinable init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        if event.phase == .down && context.touchesOnTarget == 1 && first.isIdle && second.isIdle && held.isEmpty {
            firstLost = false
            settled = false
        }
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
        let wasIdle = isIdle
        var ignoredFirst: [GesturePhase<First.Value>] = []
        var ignoredSecond: [GesturePhase<Second.Value>] = []
        first.cancel(into: &ignoredFirst)
        second.cancel(into: &ignoredSecond)
        held.removeAll()
        if !wasIdle && !settled { phases.append(.cancelled) }
        firstLost = false
        settled = false
    }

    @inlinable func combine(into phases: inout [GesturePhase<Value>]) {
        var firstEnded = false
        for phase in firstPhases where !firstLost {
            switch phase {
            case .changed(let value):
                report(.changed(.first(value)), into: &phases)
            case .ended(let value):
                report(.ended(.first(value)), into: &phases)
                firstEnded = true
            case .failed, .cancelled:
                firstLost = true
            }
        }
        firstPhases.clear()
        for phase in secondPhases { held.append(phase.map { .second($0) }) }
        secondPhases.clear()

        if firstEnded {
            var ignored: [GesturePhase<Second.Value>] = []
            second.cancel(into: &ignored)
            held.clear()
        } else if firstLost || first.isIdle {
            for phase in held { report(phase, into: &phases) }
            held.clear()
            if firstLost && second.isIdle && !settled { report(.failed, into: &phases) }
        }
    }

    @inlinable func report(_ phase: GesturePhase<Value>, into phases: inout [GesturePhase<Value>]) {
        guard !settled else { return }
        phases.append(phase)
        if phase.isTerminal { settled = true }
    }

    @inlinable public var deadline: Microseconds? {
        switch (first.deadline, second.deadline) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
    }

    @inlinable public var isClaiming: Bool { first.isClaiming || second.isClaiming }
    @inlinable public var isIdle: Bool { first.isIdle && second.isIdle && held.isEmpty }
}
