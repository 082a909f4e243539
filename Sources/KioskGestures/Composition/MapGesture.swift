extension Gesture {
    /// The same gesture with its values transformed (seed 001's swipe is a mapped drag).
    public func map<T>(_ transform: @escaping (Value) -> T) -> MapGesture<Self, T> {
        MapGesture(base: self, transform: transform)
    }
}

public struct MapGesture<Base: Gesture, Value>: Gesture {
    let base: Base
    let transform: (Base.Value) -> Value

    public func makeRecognizer() -> MapRecognizer<Base.Recognizer, Value> {
        MapRecognizer(base: base.makeRecognizer(), transform: transform)
    }
}

public final class MapRecognizer<Base: GestureRecognizer, Value>: GestureRecognizer {
    private let base: Base
    private let transform: (Base.Value) -> Value
    private var basePhases: [GesturePhase<Base.Value>] = []

    init(base: Base, transform: @escaping (Base.Value) -> Value) {
        self.base = base
        self.transform = transform
    }

    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        base.handle(event, context: context, into: &basePhases)
        forward(into: &phases)
    }

    public func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) {
        base.advance(to: time, into: &basePhases)
        forward(into: &phases)
    }

    public func cancel(into phases: inout [GesturePhase<Value>]) {
        base.cancel(into: &basePhases)
        forward(into: &phases)
    }

    private func forward(into phases: inout [GesturePhase<Value>]) {
        for phase in basePhases { phases.append(phase.map(transform)) }
        basePhases.removeAll(keepingCapacity: true)
    }

    public var deadline: Microseconds? { base.deadline }
    public var isClaiming: Bool { base.isClaiming }
    public var isIdle: Bool { base.isIdle }
}

extension GesturePhase {
    public func map<T>(_ transform: (Value) -> T) -> GesturePhase<T> {
        switch self {
        case .changed(let value): .changed(transform(value))
        case .ended(let value): .ended(transform(value))
        case .failed: .failed
        case .cancelled: .cancelled
        }
    }
}
