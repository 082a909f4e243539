extension Gesture {
    /// The same gesture with its values transformed (seed 001's swipe is a mapped drag).
    @inlinable public func map<T>(_ transform: @escaping (Value) -> T) -> MapGesture<Self, T> {
        MapGesture(base: self, transform: transform)
    }
}

public struct MapGesture<Base: Gesture, Value>: Gesture {
    @usableFromInline let base: Base
    @usableFromInline let transform: (Base.Value) -> Value

    @inlinable init(base: Base, transform: @escaping (Base.Value) -> Value) {
        self.base = base
        self.transform = transform
    }

    @inlinable public func makeRecognizer() -> MapRecognizer<Base.Recognizer, Value> {
        MapRecognizer(base: base.makeRecognizer(), transform: transform)
    }
}

public final class MapRecognizer<Base: GestureRecognizer, Value>: GestureRecognizer {
    @usableFromInline let base: Base
    @usableFromInline let transform: (Base.Value) -> Value
    @exclusivity(unchecked) @usableFromInline var basePhases: [GesturePhase<Base.Value>] = []

    @inlinable init(base: Base, transform: @escaping (Base.Value) -> Value) {
        self.base = base
        self.transform = transform
    }

    @inlinable public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        base.handle(event, context: context, into: &basePhases)
        forward(into: &phases)
    }

    @inlinable public func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) {
        base.advance(to: time, into: &basePhases)
        forward(into: &phases)
    }

    @inlinable public func cancel(into phases: inout [GesturePhase<Value>]) {
        base.cancel(into: &basePhases)
        forward(into: &phases)
    }

    @inlinable func forward(into phases: inout [GesturePhase<Value>]) {
        guard basePhases.count != 0 else { return }
        for phase in basePhases { phases.append(phase.map(transform)) }
        // Emptied keeping its room: a drag reports through here on every move, and the
        // recognizer is specialized where the gesture is attached, so this costs less
        // than the allocation the next move would make.
        basePhases.emptyKeepingCapacity()
    }

    @inlinable public var deadline: Microseconds? { base.deadline }
    @inlinable public var isClaiming: Bool { base.isClaiming }
    @inlinable public var isIdle: Bool { base.isIdle }
}

extension GesturePhase {
    @inlinable public func map<T>(_ transform: (Value) -> T) -> GesturePhase<T> {
        switch self {
        case .changed(let value): .changed(transform(value))
        case .ended(let value): .ended(transform(value))
        case .failed: .failed
        case .cancelled: .cancelled
        }
    }
}
