/// What one resolution of the view tree (or of part of it) needs from the host and
/// collects for it.
@usableFromInline final class ResolveSession {
    let pressedIDs: Set<String>
    let textEngine: TextEngine
    let changes: ChangeTracker
    let store: StateStore
    /// The button ids claimed in this resolution.
    private var usedIDs: Set<String> = []
    /// The view resolved and the screen's buttons, when only part of the tree is resolved.
    private var part: ResolvedPart?
    /// Set when a view bound its focus (`focused(_:)`): the host then keeps focus states
    /// in step with the focus.
    var hasFocusBindings = false
    /// Set when a view attached a presentation: the host then looks for presentations in
    /// what it updates.
    var madePresentationNodes = false

    /// `part`: the view resolved, when it is not the whole tree; the ids of the buttons
    /// outside it are taken.
    init(pressedIDs: Set<String>, textEngine: TextEngine, changes: ChangeTracker, store: StateStore = StateStore(),
         part: ResolvedPart? = nil) {
        self.pressedIDs = pressedIDs
        self.textEngine = textEngine
        self.changes = changes
        self.store = store
        self.part = part
    }

    /// Lets go of the view a partial resolution resolved and of the screen's buttons: the
    /// nodes it made keep this session (to show a pressed look, to refresh), and holding the
    /// buttons would keep the ones this resolution replaced, and through their own sessions
    /// every earlier tree, alive for as long as the screen is shown.
    func finishPart() { part = nil }

    /// Runs `body` (a view's `body` getter) observing the models and the state it reads: a
    /// change to one of them marks `path` for re-resolution.
    func track<T>(_ path: String, _ body: () -> T) -> T {
        store.observing(marking: path, in: changes, body)
    }

    /// `id` made unique within this resolution (a second "ok" becomes "ok#2").
    func claim(_ id: String) -> String {
        var candidate = id, n = 1
        while usedIDs.contains(candidate) || part?.isTakenElsewhere(candidate) == true {
            n += 1
            candidate = "\(id)#\(n)"
        }
        usedIDs.insert(candidate)
        return candidate
    }

    /// Gives back an id whose button is gone (a lazy stack's row dropped), so that a list
    /// scrolled for hours does not hold the id of every row it ever made.
    func release(_ id: String) {
        usedIDs.remove(id)
    }

    /// How many button ids are claimed (for tests).
    var claimedCount: Int { usedIDs.count }
}

/// The view a partial resolution resolves and the buttons of the whole screen: a button id
/// is taken when a button outside the view has it. The view's own ids are listed only when
/// a button asks (a refresh keeps the structure it shows the view in, and the buttons' ids),
/// and part of the session rather than an object of its own: a drag resolves one view a frame.
struct ResolvedPart {
    private let view: BodyNode
    private var ids: Set<String>?
    private let pressables: [String: PressableNode]

    init(_ view: BodyNode, pressables: [String: PressableNode]) {
        self.view = view
        self.pressables = pressables
    }

    /// True when a button outside the view has `id`.
    mutating func isTakenElsewhere(_ id: String) -> Bool { pressables[id] != nil && !contains(id) }

    private mutating func contains(_ id: String) -> Bool {
        if ids == nil {
            var found: Set<String> = []
            view.forEachNode { if let p = $0 as? PressableNode { found.insert(p.id) } }
            ids = found
        }
        return ids?.contains(id) == true
    }
}
