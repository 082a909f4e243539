/// SwiftUI's `GestureState`: a transient value that only a gesture's `updating` body
/// changes, and that returns to its initial value whenever that gesture's interaction
/// ends: success, failure or cancel. Use it for the pressed look, a drag offset, a
/// live zoom: nothing can leave it stuck.
public final class GestureState<State> {
    public let initialValue: State
    @exclusivity(unchecked) public private(set) var wrappedValue: State

    public init(initialValue: State) {
        self.initialValue = initialValue
        wrappedValue = initialValue
    }

    @usableFromInline func update(_ body: (inout State) -> Void) { body(&wrappedValue) }

    @usableFromInline func reset() { wrappedValue = initialValue }
}

extension Gesture {
    /// Calls `body` with every changed value so it can update `state`; resets `state` on
    /// every terminal phase, before the phase is reported.
    @inlinable public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State) -> Void
    ) -> UpdatingGesture<Self, State> {
        UpdatingGesture(base: self, state: state, body: body)
    }
}

public struct UpdatingGesture<Base: Gesture, State>: Gesture {
    public typealias Value = Base.Value

    @usableFromInline let base: Base
    @usableFromInline let state: GestureState<State>
    @usableFromInline let body: (Base.Value, inout State) -> Void

    @inlinable init(base: Base, state: GestureState<State>, body: @escaping (Base.Value, inout State) -> Void) {
        self.base = base
        self.state = state
        self.body = body
    }

    @inlinable public func makeRecognizer() -> UpdatingRecognizer<Base.Recognizer, State> {
        UpdatingRecognizer(base: base.makeRecognizer(), state: state, body: body)
    }
}

public final class UpdatingRecognizer<Base: GestureRecognizer, State>: GestureRecognizer {
    public typealias Value = Base.Value

    @usableFromInline let base: Base
    @usableFromInline let state: GestureState<State>
    @usableFromInline let body: (Base.Value, inout State) -> Void
    @exclusivity(unchecked) @usableFromInline var basePhases: [GesturePhase<Value>] = []

    @inlinable init(base: Base, state: GestureState<State>, body: @escaping (Base.Value, inout State) -> Void) {
        self.base = base
        self.state = state
        self.body = body
    }

    @inlinable public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        base.handle(event, context: context, into: &basePhases)
        apply(into: &phases)
    }

    @inlinable public func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) {
        base.advance(to: time, into: &basePhases)
        apply(into: &phases)
    }

    @inlinable public func cancel(into phases: inout [GesturePhase<Value>]) {
        base.cancel(into: &basePhases)
        apply(into: &phases)
    }

    @inlinable func apply(into phases: inout [GesturePhase<Value>]) {
        for phase in basePhases {
            if case .changed(let value) = phase {
                state.update { body(value, &$0) }
            } else {
                state.reset()
            }
            phases.append(phase)
        }
        basePhases.clear()
    }

    @inlinable public var deadline: Microseconds? { base.deadline }
    @inlinable public var isClaiming: Bool { base.isClaiming }
    @inlinable public var isIdle: Bool { base.isIdle }
}
