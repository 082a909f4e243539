/// The task a view's `task` modifier runs while the view is shown, with the id it was
/// started for.
final class TaskEntry<ID: Equatable>: DisappearingEntry {
    var id: ID
    private var task: Task<Void, Never>?

    init(id: ID) { self.id = id }

    /// Starts `action` on the main actor, cancelling the one started before.
    func start(priority: TaskPriority, _ action: @escaping @MainActor () async -> Void) {
        task?.cancel()
        task = Task(priority: priority) { @MainActor in await action() }
    }

    /// The view went away: its task is cancelled, and nothing here keeps it any more. A task
    /// that checks for cancellation (`Task.sleep`, `for await`, `Task.isCancelled`) ends
    /// there; one that never looks runs on, as in SwiftUI, since nothing can stop it.
    func disappeared() {
        task?.cancel()
        task = nil
    }
}

extension View {
    /// Starts `action` on the main actor when the view appears, and cancels it when the
    /// view goes away (SwiftUI's `task`). It starts after the frame that shows the view is
    /// resolved, as `onAppear` runs, and its changes to models show in a later frame.
    public func task(priority: TaskPriority = .userInitiated,
                     _ action: @escaping @MainActor () async -> Void) -> some View {
        task(id: true, priority: priority, action)
    }

    /// Starts `action` on the main actor when the view appears and again, after cancelling
    /// the running one, whenever `value` changes; cancels it when the view goes away
    /// (SwiftUI's `task(id:priority:_:)`).
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                   _ action: @escaping @MainActor () async -> Void) -> some View {
        LifecycleView(content: self) { path, context in
            let store = context.session.store
            let key = path + "#task"
            if let entry = store.existing(key, as: TaskEntry<T>.self) {
                _ = store.entry(key) { entry }
                guard entry.id != value else { return }
                entry.id = value
                store.queue { entry.start(priority: priority, action) }
            } else {
                let entry = store.entry(key) { TaskEntry(id: value) }
                store.queue { entry.start(priority: priority, action) }
            }
        }
    }
}
