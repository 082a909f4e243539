import KioskGestures

/// SwiftUI's `@GestureState`: a value only a gesture's `updating` changes, which returns to
/// its initial value (with `resetTransaction`'s animation) as soon as that gesture ends,
/// fails or is cancelled, before `onEnded` runs. Nothing can leave it stuck.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty, DynamicPropertyLink {
    let link: StateLink<Value>
    let initialValue: Value
    let reset: (Value, inout Transaction) -> Void

    public init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, resetTransaction: Transaction()) }

    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    public init(wrappedValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: wrappedValue) { _, transaction in transaction = resetTransaction }
    }

    public init(initialValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: initialValue, resetTransaction: resetTransaction)
    }

    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        link = StateLink(wrappedValue)
        initialValue = wrappedValue
        self.reset = reset
    }

    public init(initialValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: initialValue, reset: reset)
    }

    /// The value; writing it outside a gesture's `updating` is ignored (with a message).
    public var wrappedValue: Value {
        get { link.box.value }
        nonmutating set {
            MisuseReport.once("@GestureState \(Value.self) written outside a gesture's updating; the write is ignored")
        }
    }

    public var projectedValue: GestureState<Value> { self }

    func bind(key: String, context: ResolveContext) {
        let fresh = link.box
        let store = context.session.store
        link.box = store.entry(key) { fresh }
        link.box.store = store
    }

    /// Sets the value from a gesture's `updating` (a change equal to the value shown is
    /// not one: it re-resolves nothing).
    @usableFromInline func update(_ body: (inout Value, inout Transaction) -> Void) {
        let box = link.box
        var value = box.unobservedValue
        var transaction = Transaction()
        body(&value, &transaction)
        guard !box.holds(value) else { return }
        withTransaction(transaction) { box.value = value }
    }

    @usableFromInline func resetToInitial() {
        let box = link.box
        var transaction = Transaction()
        reset(box.unobservedValue, &transaction)
        guard !box.holds(initialValue) else { return }
        withTransaction(transaction) { box.value = initialValue }
    }
}

/// A gesture that updates a `@GestureState` with each value and resets it when it ends.
public struct GestureStateGesture<Base: Gesture, State>: Gesture, PrimitiveGesture {
    public typealias Value = Base.Value
    @usableFromInline let base: Base
    @usableFromInline let state: GestureState<State>
    @usableFromInline let update: (Value, inout State, inout Transaction) -> Void

    @usableFromInline init(base: Base, state: GestureState<State>, update: @escaping (Value, inout State, inout Transaction) -> Void) {
        (self.base, self.state, self.update) = (base, state, update)
    }

    public var body: Never { fatalError("GestureStateGesture is primitive") }

    @inlinable func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        let state = self.state, update = self.update
        return engineGesture(base, geometry).observing { phase in
            if case .changed(let value) = phase {
                state.update { update(value, &$0, &$1) }
            } else {
                state.resetToInitial()
            }
        }
    }
}

extension Gesture {
    /// Updates `state` with every value of this gesture; `state` returns to its initial
    /// value when the gesture ends. Inlinable: made in every evaluation of the body that
    /// attaches it, where its types are known.
    @inlinable public func updating<State>(_ state: GestureState<State>,
                                           body: @escaping (Value, inout State, inout Transaction) -> Void) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, update: body)
    }
}
