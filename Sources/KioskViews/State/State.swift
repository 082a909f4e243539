import FoundationEssentials
import Glibc
import Observation

/// Storage for one `@State` or `@GestureState` value. A body that reads it is re-resolved
/// when it changes, the way model reads are; the reads are noted by the host's store
/// (`StateReader`) rather than by the Observation framework, whose generic key paths and
/// registrar cost more than the rest of a small view's update.
final class StateBox<Value> {
    private var stored: Value
    /// The evaluations that read this value since it last changed.
    private var readers: [StateReader] = []
    /// The host's store once bound: it learns of writes made inside `withAnimation`.
    weak var store: StateStore?
    /// How to tell a write of the value shown from a change (nil: the type is not
    /// `Equatable`), looked up once per box rather than cast on every write.
    private lazy var equality: ((Value, Value) -> Bool)? = equalityFunction(for: Value.self)

    init(_ value: Value) { stored = value }

    /// False (with a message) while the host evaluates a body: writing state there would
    /// re-resolve the view from inside its own resolution.
    var isWritable: Bool {
        guard let store, store.bodyDepth > 0 else { return true }
        MisuseReport.once("@State \(Value.self) written while a body was evaluated; the write is ignored")
        return false
    }

    /// True when `value` is equal to the value held (false when the type is not `Equatable`).
    func holds(_ value: Value) -> Bool { equality?(value, stored) ?? false }

    /// The value, read without looking for a body to note as its reader: a gesture's
    /// `updating` reads it on every move, outside any body.
    var unobservedValue: Value { stored }

    var value: Value {
        get {
            if let reader = store?.reader { StateReader.note(reader, in: &readers) }
            return stored
        }
        set {
            let transaction = Transaction.current
            if let animation = transaction.animation, !transaction.disablesAnimations {
                store?.pendingAnimation = animation
            }
            StateReader.changed(&readers)
            stored = newValue
        }
    }
}

/// One evaluation of a body: the first change to a `@State` it read, or to a model it read,
/// marks the view's path (nil: the whole screen) in the host's changes once, as
/// `withObservationTracking` tells once. It holds the path itself rather than a closure
/// that marks it: a drag evaluates a body on every frame.
///
/// It is observable itself, and the body's evaluation reads it: `retire()` changes it, and
/// Observation then drops every registration the evaluation made with the models it read.
/// Without that, a model a body reads but nobody changes would keep one registration per
/// evaluation for as long as the kiosk runs (Observation has no other way to cancel one).
final class StateReader: Observable, @unchecked Sendable {
    /// Guards every reader and every box's list of readers: a write may come from another
    /// thread, as model changes may.
    private static let lock = Mutex(())
    private let changes: ChangeTracker
    private let path: String?
    /// Set once the reader has marked its path (or was retired): it marks nothing more.
    private var hasChanged = false
    /// True while Observation holds the evaluation's registrations: until a model it read
    /// changes, or `retire` ends them. A `@State` change marks the path but leaves them.
    private var isObserving = true
    private let registrar = ObservationRegistrar()
    private var generation = 0

    init(marking path: String?, in changes: ChangeTracker) {
        self.changes = changes
        self.path = path
    }

    /// Registers the evaluation under way as this reader's, so that `retire` reaches it.
    func noteEvaluation() { registrar.access(self, keyPath: \.generation) }

    /// Ends the observation of an evaluation that a newer one of the same view replaced (or
    /// of a view that went away): it marks nothing any more, and its registrations go.
    func retire() {
        let observing = Self.lock.withLock { _ in
            hasChanged = true
            defer { isObserving = false }
            return isObserving
        }
        // Observation tells `modelChanged`, which marks nothing now, and drops the registrations.
        if observing { registrar.withMutation(of: self, keyPath: \.generation) { generation &+= 1 } }
    }

    /// Observation's call: a model the evaluation read changed (its registrations are gone
    /// with it). Tells the host, unless the path is marked already.
    func modelChanged() {
        let first = Self.lock.withLock { _ in
            isObserving = false
            defer { hasChanged = true }
            return !hasChanged
        }
        if first { onChange() }
    }

    private func onChange() {
        if let path { changes.mark(path) } else { changes.markAll() }
    }

    /// Adds `reader` to a box's `readers`, dropping the ones that have fired already.
    static func note(_ reader: StateReader, in readers: inout [StateReader]) {
        lock.withLock { _ in
            guard readers.last !== reader else { return }
            readers.removeAll { $0.hasChanged }
            readers.append(reader)
        }
    }

    /// Tells every reader in a box's `readers` of a change, and forgets them. The list keeps
    /// its room, and the usual one reader is told without a list: a drag writes its state
    /// on every frame.
    static func changed(_ readers: inout [StateReader]) {
        var first: StateReader?
        var others: [StateReader] = []
        lock.withLock { _ in
            for reader in readers where !reader.hasChanged {
                reader.hasChanged = true
                if first == nil { first = reader } else { others.append(reader) }
            }
            readers.emptyKeepingCapacity()
        }
        first?.onChange()
        for reader in others { reader.onChange() }
    }
}

/// Where the store keeps the observation of the last evaluation of one view's body: the
/// next evaluation retires it, and so does the view going away.
final class ObservedBody: DisappearingEntry {
    private var reader: StateReader?

    /// Makes `next` the view's observation, retiring the one before.
    func replace(with next: StateReader) {
        reader?.retire()
        reader = next
    }

    func disappeared() {
        reader?.retire()
        reader = nil
    }
}

/// `==` for `Value` when it is `Equatable`.
private func equalityFunction<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
    (type as? any Equatable.Type)?.equality(as: type)
}

extension Equatable {
    fileprivate static func equality<Value>(as type: Value.Type) -> ((Value, Value) -> Bool)? {
        let equal: (Self, Self) -> Bool = (==)
        return equal as? (Value, Value) -> Bool
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
