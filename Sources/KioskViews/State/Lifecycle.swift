/// `onAppear`, `onDisappear` and `onChange(of:)`: actions run by the host after it has
/// resolved the views, never while a body is being evaluated.
struct LifecycleView<Content: View>: View, PrimitiveView {
    let content: Content
    let mark: (String, ResolveContext) -> Void

    var body: Never { fatalError("LifecycleView is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        mark(context.path, context)
        return LifecycleNode(child: resolve(content, context.child(0)), path: context.path)
    }
}

/// Marks a view with lifecycle actions: a button look holding one is resolved again on
/// every press change rather than kept, so its `onChange(of: isPressed)` sees each change.
final class LifecycleNode: ModifierNode {}

/// Remembers that a view is on screen; runs its `onDisappear` when it goes.
final class AppearanceEntry: DisappearingEntry {
    var onDisappear: (() -> Void)?

    func disappeared() { onDisappear?() }
}

/// The value an `onChange(of:)` saw last.
final class ChangeEntry<Value> {
    var value: Value

    init(_ value: Value) { self.value = value }
}

extension View {
    /// Runs `action` when the view appears (once per identity, after it is resolved).
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        LifecycleView(content: self) { path, context in
            let store = context.session.store
            let key = path + "#appear"
            if store.existing(key, as: AppearanceEntry.self) == nil, let action { store.queue(action) }
            _ = store.entry(key) { AppearanceEntry() }
        }
    }

    /// Runs `action` when the view goes away (its identity leaves the tree).
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        LifecycleView(content: self) { path, context in
            context.session.store.entry(path + "#disappear") { AppearanceEntry() }.onDisappear = action
        }
    }

    /// Runs `action` with the new value when `value` changes between resolutions.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        onChange(of: value, initial: false) { _, new in action(new) }
    }

    /// Runs `action` with the old and new value when `value` changes (and once at first
    /// when `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        LifecycleView(content: self) { path, context in
            let store = context.session.store
            let key = path + "#change"
            if let entry = store.existing(key, as: ChangeEntry<V>.self) {
                _ = store.entry(key) { entry }
                let old = entry.value
                if old != value {
                    entry.value = value
                    store.queue { action(old, value) }
                }
            } else {
                _ = store.entry(key) { ChangeEntry(value) }
                if initial { store.queue { action(value, value) } }
            }
        }
    }

    /// Runs `action` when `value` changes (the zero-argument form).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        onChange(of: value, initial: initial) { _, _ in action() }
    }
}

/// A view whose identity is its place in the tree and an explicit id: a different id is a
/// different view, whose state starts afresh.
struct IdentifiedView<Content: View>: View, PrimitiveView {
    let content: Content
    let id: String
    let buttonID: String?

    var body: Never { fatalError("IdentifiedView is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        var inner = context
        inner.path += "#id(" + id + ")"
        if let buttonID { inner.environment.pendingID = buttonID }
        return resolve(content, inner)
    }
}

extension View {
    /// Gives the view an explicit identity: when `id` changes, the view is a new one (its
    /// state is dropped and made afresh).
    public func id<ID: Hashable>(_ id: ID) -> some View {
        IdentifiedView(content: self, id: String(describing: id), buttonID: nil)
    }
}

extension Node {
    /// True when this tree holds `onAppear`, `onDisappear` or `onChange` actions.
    var hasLifecycleActions: Bool {
        var found = false
        forEachNode { if $0 is LifecycleNode { found = true } }
        return found
    }
}
