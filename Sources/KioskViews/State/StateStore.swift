import FoundationEssentials
import Glibc
import KioskCore
@_spi(Reflection) import Swift

/// Where a host keeps what outlives a view value: `@State` and `@GestureState` storage,
/// `onChange` values and `onAppear` marks, each under its view's identity (the structural
/// path, which `.id(_:)` extends) and the property's name.
///
/// A resolution pass notes every key it touches; when the pass ends, what it did not touch
/// under the paths it resolved is dropped (the view went away), and the lifecycle actions
/// it queued run (`onAppear`, `onDisappear`, `onChange`), after the views are resolved
/// rather than while they are.
final class StateStore {
    /// Each entry with the pass that last touched it: a view bound again finds its entry
    /// and marks it in one lookup, where a separate set of touched keys hashed each key twice.
    private var entries: [String: StoreEntry] = [:]
    /// `entries` in the order of their keys: a partial pass finds the entries under the
    /// paths it resolved without walking or looking up the others.
    private var ordered = OrderedKeys<StoreEntry>()
    /// Counts the resolution passes; entries stamped with an older one were not touched in this one.
    private var pass = 0
    private var queued: [() -> Void] = []
    /// Per owner type: where its dynamic properties are (reflection is done once per type).
    private var layouts: [ObjectIdentifier: PropertyLayout] = [:]
    /// Per view type: how it resolves (`ViewKind`).
    private var kinds: [ObjectIdentifier: ViewKind] = [:]
    /// How deep in `body` evaluations the host is: a `@State` write there is reported.
    var bodyDepth = 0
    /// The animation of the last state change made inside `withAnimation`, until the host
    /// takes it to show the views the change re-resolves.
    var pendingAnimation: Animation?
    /// The body evaluation whose `@State` reads are noted now.
    private(set) var reader: StateReader?
    /// False for a store that resolves a tree only to show it once (a screen a finger pulls
    /// in): its bodies register with no model, since nothing would ever end the registrations.
    private let observesModels: Bool

    init(observesModels: Bool = true) { self.observesModels = observesModels }

    /// How many entries are kept: the state of the views shown (`kiosk ctl stats`).
    var count: Int { entries.count }

    func takePendingAnimation() -> Animation? {
        defer { pendingAnimation = nil }
        return pendingAnimation
    }

    /// How views of `type` resolve, found once.
    func kind<V: View>(of type: V.Type) -> ViewKind {
        if let known = kinds[ObjectIdentifier(type)] { return known }
        let kind = ViewKind(of: type)
        kinds[ObjectIdentifier(type)] = kind
        return kind
    }

    /// The entry at `key`, made by `make` when there is none.
    func entry<T: AnyObject>(_ key: String, make: () -> T) -> T {
        storedEntry(key, make: make).object
    }

    /// The entry at `key`, made by `make` when there is none, with what the store keeps it
    /// in: a holder marks it in use each pass without looking the key up (`keep`).
    func storedEntry<T: AnyObject>(_ key: String, make: () -> T) -> (object: T, entry: StoreEntry) {
        if let entry = entries[key], let found = entry.object as? T {
            entry.pass = pass
            return (found, entry)
        }
        let made = make()
        let entry = StoreEntry(object: made, pass: pass)
        entries.updateValue(entry, forKey: key)?.isStored = false
        ordered.set(entry, forKey: key)
        return (made, entry)
    }

    /// Marks the entry at `key` as still in use, as `entry` does, for a holder that has its
    /// object; false when there is none.
    @discardableResult
    func keep(_ key: String) -> Bool {
        guard let entry = entries[key] else { return false }
        entry.pass = pass
        return true
    }

    /// Marks `entry` as still in use; false when the store dropped it.
    @discardableResult
    func keep(_ entry: StoreEntry) -> Bool {
        guard entry.isStored else { return false }
        entry.pass = pass
        return true
    }

    /// The stored entries at `keys`; nil when one of them has none.
    func storedEntries(_ keys: [String]) -> [StoreEntry]? {
        var found: [StoreEntry] = []
        found.reserveCapacity(keys.count)
        for key in keys {
            guard let entry = entries[key] else { return nil }
            found.append(entry)
        }
        return found
    }

    /// The entry at `key` if there is one, without marking it as still in use.
    func existing<T: AnyObject>(_ key: String, as type: T.Type) -> T? { entries[key]?.object as? T }

    /// Runs `action` when the current pass ends.
    func queue(_ action: @escaping () -> Void) { queued.append(action) }

    /// Ends a pass that resolved the whole screen (see `endPass(resolved:)`).
    func endPass() {
        var gone: [(key: String, object: AnyObject)] = []
        for (key, entry) in entries where entry.pass != pass { gone.append((key, entry.object)) }
        endPass(dropping: gone)
    }

    /// Ends a pass that resolved the views at `paths`: drops the untouched entries there
    /// (those whose keys the paths begin), telling the ones that care (`onDisappear`), then
    /// runs the queued actions. Any collection of paths, so that a frame's partial pass
    /// makes no array of them.
    func endPass(resolved paths: some Collection<String>) {
        var gone: [(key: String, object: AnyObject)] = []
        for path in paths {
            for i in ordered.indices(beginningWith: path) {
                let entry = ordered.elements[i].value
                guard entry.pass != pass, entry.isStored else { continue }
                // Marked dropped at once, so that a path inside another drops it once.
                entry.isStored = false
                gone.append((ordered.elements[i].key, entry.object))
            }
        }
        endPass(dropping: gone)
    }

    private func endPass(dropping gone: [(key: String, object: AnyObject)]) {
        for entry in gone { entries.removeValue(forKey: entry.key)?.isStored = false }
        if !gone.isEmpty { ordered.removeAll { !$0.isStored } }
        pass &+= 1
        let actions = queued
        queued = []
        for entry in gone { (entry.object as? DisappearingEntry)?.disappeared() }
        for action in actions { action() }
    }

    /// Runs `body` noting the `@State` values and the models it reads: the first change to
    /// any of them marks `path` in `changes` (nil: everything), once.
    func observing<T>(marking path: String?, in changes: ChangeTracker, _ body: () -> T) -> T {
        let reader = StateReader(marking: path, in: changes)
        let outer = self.reader
        self.reader = reader
        defer { self.reader = outer }
        guard observesModels else { return body() }
        entry((path ?? "") + Self.observationSuffix) { ObservedBody() }.replace(with: reader)
        return withObservationTracking({
            reader.noteEvaluation()
            return body()
        }, onChange: { reader.modelChanged() })
    }

    /// The key of a view's `ObservedBody`, after its path: not a Swift name, so no
    /// property's key (`#name`) is the same.
    private static let observationSuffix = "#(body)"

    /// Binds the `@State`, `@GestureState` and `@Environment` properties of `owner` (a
    /// view, a modifier or a style) to storage kept under `context.path`.
    func install<Owner>(_ owner: Owner, _ context: ResolveContext) -> [String] {
        let type = ObjectIdentifier(Owner.self)
        let layout: PropertyLayout
        if let known = layouts[type] {
            layout = known
        } else {
            layout = PropertyLayout(of: Owner.self)
            layouts[type] = layout
        }
        var keys: [String] = []
        switch layout {
        case .none:
            break
        case .fields(let fields):
            withUnsafeBytes(of: owner) { bytes in
                guard let base = bytes.baseAddress else { return }
                for field in fields {
                    let key = context.path + field.keySuffix
                    field.type.bind(at: base + field.offset, key: key, context: context)
                    keys.append(key)
                }
            }
        case .reflected:
            for (index, child) in Mirror(reflecting: owner).children.enumerated() {
                guard let property = child.value as? DynamicPropertyLink else { continue }
                let key = context.path + "#" + (child.label ?? String(index))
                property.bind(key: key, context: context)
                keys.append(key)
            }
        }
        return keys
    }
}

/// Where a type keeps its dynamic properties.
private enum PropertyLayout {
    /// It has none.
    case none
    /// A struct's, at these offsets: read in place, without a `Mirror` per evaluation.
    case fields([(offset: Int, keySuffix: String, type: any DynamicPropertyLink.Type)])
    /// Found by `Mirror` each time (a class, or a struct whose fields reflection cannot list).
    case reflected

    init<Owner>(of type: Owner.Type) {
        var fields: [(offset: Int, keySuffix: String, type: any DynamicPropertyLink.Type)] = []
        let listed = _forEachField(of: type) { name, offset, fieldType, _ in
            if let link = fieldType as? any DynamicPropertyLink.Type {
                fields.append((offset, "#" + String(cString: name), link))
            }
            return true
        }
        if !listed {
            self = .reflected
        } else {
            self = fields.isEmpty ? .none : .fields(fields)
        }
    }
}

/// A property wrapper that keeps its value outside the view (`@State`, `@Environment`…).
protocol DynamicPropertyLink {
    func bind(key: String, context: ResolveContext)
}

extension DynamicPropertyLink {
    /// Binds the property stored at `address` (a field of the owner, read in place).
    static func bind(at address: UnsafeRawPointer, key: String, context: ResolveContext) {
        address.load(as: Self.self).bind(key: key, context: context)
    }
}

/// What the store keeps one object in, with the pass that last touched it.
@usableFromInline final class StoreEntry {
    let object: AnyObject
    fileprivate(set) var pass: Int
    /// False once the store dropped it: a holder's mark then keeps nothing.
    fileprivate(set) var isStored = true

    fileprivate init(object: AnyObject, pass: Int) {
        self.object = object
        self.pass = pass
    }
}

/// A stored entry that acts when its view goes away.
protocol DisappearingEntry: AnyObject {
    func disappeared()
}

/// A value SwiftUI keeps for a view: the protocol of property wrappers that the host
/// updates before it asks for a body.
public protocol DynamicProperty {}

/// Messages about misuse (a `@State` written during `body`…), each reported once.
enum MisuseReport {
    private static let reported = Mutex<Set<String>>([])

    /// Reports `message` on stderr the first time it is seen.
    static func once(_ message: String) {
        guard reported.withLock({ $0.insert(message).inserted }) else { return }
        StandardStream.error.write("KioskUI: " + message + "\n")
    }
}

/// A value behind a lock (Synchronization's `Mutex` needs a newer platform than macOS 14).
final class Mutex<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

extension ResolveSession {
    /// A view's body, with its dynamic properties bound and the models (and `@State`) it
    /// reads observed for its path.
    @usableFromInline func body<V: View>(of view: V, _ context: ResolveContext) -> V.Body {
        var bound: [StoreEntry]?
        return body(of: view, context, bound: &bound)
    }

    /// A view's body, as `body(of:_:)`; `bound` are the entries of its properties when
    /// `view` is bound already (the value a view node evaluates again): they are only
    /// marked in use. Otherwise it is bound, and they are set (nil when a property keeps
    /// nothing in the store, as `@Environment`: it is bound on every evaluation).
    @usableFromInline func body<V: View>(of view: V, _ context: ResolveContext, bound: inout [StoreEntry]?) -> V.Body {
        // Bound again unless it is bound already and every entry is still there.
        if bound?.allSatisfy(store.keep) != true { bound = store.storedEntries(bind(view, context)) }
        let store = self.store
        return track(context.path) {
            store.bodyDepth += 1
            defer { store.bodyDepth -= 1 }
            return evaluateBody(of: view)
        }
    }

    /// Binds `view`'s dynamic properties (or those of the one whose body it evaluates);
    /// returns their keys.
    private func bind<V: View>(_ view: V, _ context: ResolveContext) -> [String] {
        // Only a type known to own others' properties is cast: a cast to an existential
        // searches the conformance tables, and user views evaluate here on every update.
        if case .composite(isPropertyOwner: true) = store.kind(of: V.self), let owner = view as? PropertyOwner {
            return store.install(owner.propertyOwner, context)
        }
        return store.install(view, context)
    }
}

/// A view that evaluates someone else's body (a modifier's, a style's): their properties
/// are the ones to bind.
protocol PropertyOwner {
    var propertyOwner: Any { get }
}
