/// SwiftUI's `@FocusState`: where the focus of the keypad and the screen reader is, as a
/// value the view owns. It reads true (or the field's value) while a view marked with
/// `focused(_:)` holds the focus, and writing it moves the focus there.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty, DynamicPropertyLink {
    private let state: State<Value>

    public init() where Value == Bool { state = State(wrappedValue: false) }

    public init<T: Hashable>() where Value == T? { state = State(wrappedValue: nil) }

    public var wrappedValue: Value {
        get { state.wrappedValue }
        nonmutating set { state.wrappedValue = newValue }
    }

    /// `$focus`: what `focused(_:)` is given.
    public var projectedValue: Binding { Binding(base: state.projectedValue) }

    /// Read and write access to a focus state, for `focused(_:)` and `focused(_:equals:)`.
    @propertyWrapper
    public struct Binding {
        let base: KioskViews.Binding<Value>

        public var wrappedValue: Value {
            get { base.wrappedValue }
            nonmutating set { base.wrappedValue = newValue }
        }

        public var projectedValue: Binding { self }
    }

    func bind(key: String, context: ResolveContext) { state.bind(key: key, context: context) }
}
