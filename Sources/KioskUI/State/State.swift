import Foundation

/// Storage for one `@State` or `@GestureState` value. Observable by hand (no macro), so a
/// view's body that reads it is re-resolved when it changes, the way model reads are.
final class StateBox<Value>: Observable {
    private let registrar = ObservationRegistrar()
    private var stored: Value
    /// The host's store once bound: it learns of writes made inside `withAnimation`.
    weak var store: StateStore?

    init(_ value: Value) { stored = value }

    /// False (with a message) while the host evaluates a body: writing state there would
    /// re-resolve the view from inside its own resolution.
    var isWritable: Bool {
        guard let store, store.bodyDepth > 0 else { return true }
        MisuseReport.once("@State \(Value.self) written while a body was evaluated; the write is ignored")
        return false
    }

    var value: Value {
        get {
            registrar.access(self, keyPath: \.value)
            return stored
        }
        set {
            if let animation = Transaction.current.animation, !Transaction.current.disablesAnimations {
                store?.pendingAnimation = animation
            }
            registrar.withMutation(of: self, keyPath: \.value) { stored = newValue }
        }
    }
}

/// Points a property wrapper at its storage: a fresh box until the host binds it to the one
/// kept under the view's identity.
final class StateLink<Value> {
    var box: StateBox<Value>

    init(_ initial: Value) { box = StateBox(initial) }
}

/// SwiftUI's `@State`: a value a view owns. It lives as long as the view's identity (its
/// place in the tree and its `id`), survives re-resolution, and a change re-resolves only
/// the views that read it.
@propertyWrapper
public struct State<Value>: DynamicProperty, DynamicPropertyLink {
    let link: StateLink<Value>

    public init(wrappedValue: Value) { link = StateLink(wrappedValue) }

    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    public var wrappedValue: Value {
        get { link.box.value }
        nonmutating set {
            if link.box.isWritable { link.box.value = newValue }
        }
    }

    /// `$value`: a binding to the state.
    public var projectedValue: Binding<Value> {
        let link = self.link
        return Binding(get: { link.box.value }, set: { if link.box.isWritable { link.box.value = $0 } })
    }

    func bind(key: String, context: ResolveContext) {
        let fresh = link.box
        let store = context.session.store
        link.box = store.entry(key) { fresh }
        link.box.store = store
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// SwiftUI's `@Binding`: read and write access to a value someone else owns.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
    private let get: () -> Value
    private let set: (Value, Transaction) -> Void
    public var transaction = Transaction()

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = { value, _ in set(value) }
    }

    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        self.get = get
        self.set = set
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a value that never changes (previews, fixed examples).
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set {
            let transaction = self.transaction
            if let animation = transaction.animation {
                withAnimation(animation) { set(newValue, transaction) }
            } else {
                set(newValue, transaction)
            }
        }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let base = self
        return Binding<Subject>(get: { base.wrappedValue[keyPath: keyPath] },
                                set: { base.wrappedValue[keyPath: keyPath] = $0 })
    }

    /// The same binding, animating the changes made through it.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        var copy = self
        copy.transaction.animation = animation
        return copy
    }
}

extension Binding {
    /// A binding to an optional's value, nil when the optional is nil.
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        self.init(get: { base.wrappedValue ?? value }, set: { base.wrappedValue = $0 })
    }
}
