import FoundationEssentials
import Glibc
import KioskCore
import KioskGestures
import KioskGraphics
import Observation

/// Runs a view tree for the run loop (or a test's virtual clock): touches and time go in,
/// UI events come out, and `render` draws what changed.
///
/// The host resolves the current screen's views (reading `@Observable` models; a change
/// to what they read marks the tree for update), lays them out at `size`, registers each
/// button with the gesture engine (hit-tested by its shape), and runs button actions when
/// the engine triggers them. Animations and timers run on the clock given to `handle`
/// and `advance`; nothing inside sleeps or reads the wall clock.
public final class UIHost {
    public let size: Size
    public private(set) var screens: [Screen]
    public private(set) var currentScreen: String
    /// The colour behind every screen that sets none.
    public var background: Color
    /// iOS's grouped system background, #F2F2F7: what a kiosk screen is drawn on by default.
    public static let defaultBackground = Color(PixelColor(red8: 0xF2, green8: 0xF2, blue8: 0xF7))
    public let navigator: Navigator
    /// How long one animation frame lasts; `nextDeadline` asks for frames this far apart.
    public var frameInterval: Microseconds = 16_667

    let engine: GestureEngine
    var environment: EnvironmentValues
    private let renderer: DisplayListRenderer
    /// What the screens' text is set with; also for what a scene draws over them.
    public let textEngine: TextEngine
    let changes = ChangeTracker()
    let store = StateStore()
    let animations = AnimationTracks()
    /// Emits every frame (`render`), begun anew each time.
    private lazy var emitter = Emitter(animations: animations, time: now)
    /// What is presented over the screen (an alert, a sheet), and what is going out.
    var presentations = PresentationStack()
    /// The text field being edited and the on-screen keyboard's state.
    let textEditing = TextEditingSession()
    /// How far the screen, or what is presented over it, is lifted above the keyboard.
    var screenLift = KeyboardLift()
    var presentedLift = KeyboardLift()
    /// The scroll state given room under the keyboard to scroll the edited field into view.
    var keyboardScroll: ScrollState?
    /// How screens change when the screen shown has no transition of its own.
    public var screenTransition: ScreenTransition = .slide
    /// The change of screens under way, if any.
    var screenMotion: ScreenMotion?
    /// Where the swipe that decided a screen change left the new screen, and how fast it
    /// moved it (progress per second).
    var swipeSettle: (progress: Double, velocity: Double, edge: TouchVector)?

    private(set) var root: Node?
    private var pressables: [String: PressableNode] = [:]
    private(set) var pressed: Set<String> = []
    var now: Microseconds
    private var lastList: DisplayList?
    /// The canvas the last frame was drawn into (`Canvas.serial`).
    private var lastCanvas: Int?
    private var lastRenderTime: Microseconds?
    var pendingEvents: [UIEvent] = []
    var screenReader = ScreenReader()
    private var requestedScreen: String?
    /// The current screen's scroll views, by their engine target id.
    var scrollNodes: [String: ScrollNode] = [:]
    /// Set when a scroll view moved: its content's targets are registered again before
    /// they are needed (see `registerMovedTargets`).
    var scrollsMoved = false
    private var isHandling = false

    /// A host showing `screens`, starting with `initialScreen` (default: the first); with no
    /// screens at all it shows an empty one.
    public init(size: Size, screens: [Screen], initialScreen: String? = nil, background: Color = UIHost.defaultBackground,
                gestures: GestureConfiguration = .standard, textEngine: TextEngine, navigator: Navigator = Navigator(),
                startTime: Microseconds = 0) {
        let screens = screens.isEmpty ? [Screen("empty") { EmptyView() }] : screens
        self.size = size
        self.screens = screens
        self.currentScreen = initialScreen.flatMap { id in screens.contains { $0.id == id } ? id : nil } ?? screens[0].id
        self.background = background
        self.navigator = navigator
        self.textEngine = textEngine
        self.renderer = DisplayListRenderer(textEngine: textEngine)
        self.now = startTime
        engine = GestureEngine(startTime: startTime)
        var environment = EnvironmentValues()
        environment.gestureConfiguration = gestures
        self.environment = environment
        navigator.handler = { [weak self] id in self?.show(screen: id) }
        navigator.languageHandler = { [weak self] locale in self?.locale = locale }
        navigator.eventHandler = { [weak self] kind in
            guard let self else { return }
            pendingEvents.append(UIEvent(time: now, kind: kind))
        }
        navigator.host = self
        attachTextEditing()
        attachSwipe()
        update()
    }

    /// The caches behind the screen, each bounded: text (glyphs, faces, shaped paragraphs,
    /// layouts), drawing (shapes, shadows) and the state kept for the views shown.
    public var cacheUsage: [CacheUsage] {
        textEngine.cacheUsage + DrawingCaches.usage + [CacheUsage(name: "view_state", entries: store.count)]
    }

    /// A host with a single screen of `content`.
    public convenience init<Content: View>(size: Size, background: Color = UIHost.defaultBackground,
                                           gestures: GestureConfiguration = .standard, textEngine: TextEngine,
                                           @ViewBuilder content: @escaping () -> Content) {
        self.init(size: size, screens: [Screen("main", content: content)], background: background,
                  gestures: gestures, textEngine: textEngine)
    }

    // MARK: Input and time

    /// Takes one frame of touches; returns what the UI did, in order. Timers due by the
    /// frame's time fire first, then its events go in one at a time, so a finger that lands
    /// in the same frame as a tap that switches screens lands on the new screen.
    public func handle(_ frame: TouchFrame) -> [UIEvent] {
        now = max(now, frame.timestamp)
        stepScrolls(to: now)
        return process(engine.advance(to: frame.timestamp)).joined(with: route(frame))
    }

    /// Moves the clock to `time`: timers fire (repeats, long presses), animations move on.
    public func advance(to time: Microseconds) -> [UIEvent] {
        let before = now
        stepScrolls(to: max(now, time))
        let events = process(engine.advance(to: time))
        now = max(now, time)
        blinkCaret(from: before, to: now)
        return events
    }

    /// When the run loop must call `advance(to:)` next: a gesture timer, the next
    /// animation frame, or the edited field's caret blinking.
    public var nextDeadline: Microseconds? {
        let (next, overflow) = max(lastRenderTime ?? now, now).addingReportingOverflow(frameInterval)
        let frame = animations.isAnimating || presentations.needsFrames(at: now) || isScrolling || isMovingScreens
            || isLifting ? (overflow ? .max : next) : nil
        return [engine.nextDeadline, frame, caretDeadline].compactMap { $0 }.min()
    }

    /// True when `render` would draw something.
    public var needsFrame: Bool {
        lastList == nil || changes.isSet || isDirty || animations.isAnimating || presentations.needsFrames(at: now) || isScrolling
            || isMovingScreens || isLifting
    }

    var isDirty = true
    /// True once a view bound its focus (`focused(_:)`): only then are focus states kept in
    /// step with the focus.
    var hasFocusBindings = false
    /// True once a view attached a presentation (`sheet`, `alert`…): only then can a
    /// partial update change what is presented, and only then is it looked for.
    private var hasPresentationNodes = false
    /// Counts the times the tree was resolved and laid out (wholly or in part).
    private(set) var layoutGeneration = 0

    /// Forgets what was drawn and what was resolved: the next `render` resolves and lays out
    /// the screen again and draws all of it (a new display mode, a benchmark's full frame).
    public func invalidate() {
        changes.markAll()
        lastList = nil
    }

    /// Calls `wake` when a model or `@State` the screen shows changes on another thread than
    /// this one (a background queue or task writing a model directly): the kiosk's loop,
    /// asleep until a descriptor is ready, must wake to draw the change in its next frame.
    /// Called on the loop's thread; the runtime passes a hop to the main queue, which its
    /// loop runs. Changes made on the loop's thread are drawn after the turn that made them.
    public func wakeForChangesElsewhere(_ wake: @escaping @Sendable () -> Void) {
        changes.wakeForMarks(elsewhere: wake)
    }

    /// Forgets what was drawn (the canvas's pixels are unknown, say after another program
    /// used the display): the next `render` draws all of it from the current views.
    public func invalidateDrawing() {
        lastList = nil
    }

    /// Shows screen `id`; the switch is reported as a `screen` event.
    public func show(screen id: String) {
        guard screens.contains(where: { $0.id == id }) else { return }
        if isHandling {
            requestedScreen = id
        } else {
            pendingEvents += switchScreen(to: id, at: now) ?? []
        }
    }

    /// The language and region the screens' text is for; a change redraws what reads
    /// it (its text, numbers and dates, and a layout whose direction flips).
    public var locale: LanguageTag {
        get { environment.languageTag }
        set {
            guard newValue != environment.languageTag else { return }
            environment.languageTag = newValue
            languageChanged()
        }
    }

    /// The text size of every screen (a kiosk's larger-text setting); a change redraws
    /// and lays out again what it changes: text in text styles, the built-in buttons'
    /// padding, and whatever that moves.
    public var dynamicTypeSize: DynamicTypeSize {
        get { environment.dynamicTypeSize }
        set {
            guard newValue != environment.dynamicTypeSize else { return }
            environment.dynamicTypeSize = newValue
            changes.markAll()
        }
    }

    /// The contrast every screen is drawn with (a kiosk's Increase Contrast setting); a
    /// change redraws what draws in system colours or the built-in bordered styles.
    public var colorSchemeContrast: ColorSchemeContrast {
        get { environment.colorSchemeContrast }
        set {
            guard newValue != environment.colorSchemeContrast else { return }
            environment._colorSchemeContrast = newValue
            changes.markAll()
        }
    }

    /// The translations the screens' text is looked up in (default: the main bundle's).
    public var stringCatalog: StringCatalog {
        get { environment.stringCatalog }
        set {
            environment.stringCatalog = newValue
            languageChanged()
        }
    }

    private func languageChanged() {
        changes.markAll()
        attachSwipe()
    }

    // MARK: Rendering

    /// Draws what changed since the last call into `canvas` (everything on the first call
    /// or when the canvas is another one) and returns the damage: the pixels that changed,
    /// drawn, moved with a scroll view's picture or copied with a moved view, which the
    /// display must show anew. Moves and copies read what the canvas shows: whoever draws
    /// on it in between calls `invalidate()` first.
    @discardableResult
    public func render(into canvas: Canvas) -> Region {
        applyChangesBetweenTouches()
        pendingEvents.appendAll(focusFollowsBindings())
        if textEditingFollowsFocus() { pendingEvents.appendAll(process([])) }
        animations.finish(through: now)
        followLifts()
        emitter.begin(at: now)
        if !emitScreens(emitter) { root?.emit(emitter) }
        presentations.emit(emitter)
        (root as? ScreenRootNode)?.keyboard.emit(emitter)
        emitFocusRing(emitter)
        let list = emitter.displayList
        var changes: FrameChanges
        if let lastList, lastCanvas == canvas.serial {
            // The canvas shows the last frame: scroll views move its pixels.
            changes = list.changes(since: lastList, within: canvas.bounds)
            changes.clip(to: canvas.bounds)
        } else {
            changes = FrameChanges(damage: Region(canvas.bounds))
        }
        renderer.render(list, on: canvas, changes: changes, background: currentBackground.pixelColor)
        lastList = list
        lastCanvas = canvas.serial
        lastRenderTime = now
        isDirty = false
        return changes.shown
    }

    var currentBackground: Color {
        screens.first { $0.id == currentScreen }?.background ?? background
    }

    // MARK: Hit targets (for tests and tools)

    /// The frame of button `id` on the current screen.
    public func frame(ofButton id: String) -> Rect? {
        registerMovedTargets()
        return pressables[id]?.frame
    }

    /// The ids of the buttons on the current screen, in painting order.
    public var buttonIDs: [String] {
        registerMovedTargets()
        return orderedIDs
    }
    private var orderedIDs: [String] = []

    /// The last rendered display list and the laid-out tree (for tests).
    var renderedList: DisplayList? { lastList }
    var rootNode: Node? { root }

    /// Runs an action outside a touch the way `process` runs a trigger.
    func perform(_ event: UIEvent?, _ action: () -> Void) -> [UIEvent] {
        let events = pendingEvents + (event.map { [$0] } ?? [])
        pendingEvents = []
        isHandling = true
        action()
        isHandling = false
        if let destination = requestedScreen {
            requestedScreen = nil
            return events + (switchScreen(to: destination, at: now) ?? [])
        }
        return events + process([])
    }

    // MARK: Updating

    func process(_ outputs: [GestureOutput]) -> [UIEvent] {
        var events = pendingEvents
        pendingEvents = []
        var changedPresses: Set<String> = []
        isHandling = true
        for output in outputs {
            let time = output.time
            now = max(now, time)
            switch (output.event, output.target) {
            case (.pressed, let id?):
                pressed.insert(id)
                changedPresses.insert(id)
                events.append(UIEvent(time: time, kind: .pressed(button: id)))
            case (.released, let id?):
                guard pressed.remove(id) != nil else { break }
                changedPresses.insert(id)
                events.append(UIEvent(time: time, kind: .released(button: id)))
            case (.cancelled, let id?):
                // Only a press that was shown ends, and only once.
                guard pressed.remove(id) != nil else { break }
                changedPresses.insert(id)
                events.append(UIEvent(time: time, kind: .cancelled(button: id)))
            case (.triggered(let cause), let id?):
                // Reported only when the action runs: the button is on the screen shown.
                guard let node = pressables[id] else { break }
                events.append(UIEvent(time: time, kind: .triggered(button: id, cause: cause)))
                node.action(cause)
            case (.gesture("catch", .ended), let id?):
                catchScroll(target: id, at: time)
            case (.gesture("scroll", let update), let id?):
                handleScroll(update, target: id, at: time)
            case (.gesture("swipe", .changed(let value)), nil):
                if let stroke = value.value(as: PagingSwipe.self) { followSwipe(stroke) }
            case (.gesture("swipe", .ended(let value)), nil):
                guard let stroke = value.value(as: PagingSwipe.self), let (destination, direction) = endSwipe(stroke, at: time) else { break }
                events.append(UIEvent(time: time, kind: .swipe(direction)))
                requestedScreen = destination
            case (.gesture("swipe", .failed), nil), (.gesture("swipe", .cancelled), nil):
                springBack(at: time)
            default:
                break
            }
            if let destination = requestedScreen {
                requestedScreen = nil
                isHandling = false
                if let switched = switchScreen(to: destination, at: time) {
                    // The rest of the batch happened on the old screen: none of it is delivered.
                    return events + switched
                }
                isHandling = true
            }
        }
        isHandling = false
        var outputs: [GestureOutput] = []
        if changes.isSet { outputs.appendAll(applyChanges()) }
        stepScrolls(to: now)
        if scrollsMoved, !fingersOnlyDragScrolls { outputs.appendAll(registerTargets()) }
        reportScrollGeometry()
        if !changedPresses.isEmpty { outputs.appendAll(updatePresses(changedPresses) ?? update()) }
        if !outputs.isEmpty { events.appendAll(process(outputs)) }
        events.appendAll(focusFollowsBindings())
        if textEditingFollowsFocus() { events.appendAll(process([])) }
        // What the views logged while handling this batch comes out with it.
        events.appendAll(pendingEvents)
        pendingEvents = []
        return events
    }

    /// Shows another screen: the old screen's buttons go, and a press under way on them
    /// ends with `cancelled` before the switch is reported. Nil when `id` is shown already.
    private func switchScreen(to id: String, at time: Microseconds) -> [UIEvent]? {
        guard id != currentScreen || root == nil else { return nil }
        let (old, oldID, oldBackground) = (root, currentScreen, currentBackground)
        currentScreen = id
        root = nil
        pressables.removeAll()
        orderedIDs.removeAll()
        var events = process(engine.removeAllTargets())
        // A press whose ending was in the rest of a batch that was not delivered ends here.
        events += pressed.sorted().map { UIEvent(time: time, kind: .cancelled(button: $0)) }
        pressed.removeAll()
        events.append(UIEvent(time: time, kind: .screen(id)))
        attachSwipe()
        events += process(update())
        beginScreenChange(leaving: old, id: oldID, background: oldBackground)
        return events + focusAfterScreenSwitch()
    }

    /// Where swipes on the shown screen lead. Right to left, pages run the other way: the
    /// screen a left-to-right kiosk reaches by swiping left is reached by swiping right.
    var swipeDestinations: [SwipeDirection: String] {
        let destinations = screens.first { $0.id == currentScreen }?.swipeDestinations ?? [:]
        guard environment.layoutDirection == .rightToLeft else { return destinations }
        var mirrored = destinations
        mirrored[.left] = destinations[.right]
        mirrored[.right] = destinations[.left]
        return mirrored
    }

    /// The shown screen's swipe, only in the directions that lead to another screen: like a
    /// paging view, it takes a horizontal stroke from a button under the finger (past the
    /// touch slop) and leaves it vertical ones.
    func attachSwipe() {
        let destinations = swipeDestinations
        let configuration = environment.gestureConfiguration
        engine.setScreenGestures([])
        guard !destinations.isEmpty, presentations.shown == nil else { return }
        engine.setScreenGestures([AttachedGesture("swipe", PagingSwipeGesture(SwipeGesture(
            minimumDistance: configuration.swipeMinimumDistance, minimumVelocity: configuration.swipeMinimumVelocity,
            claimDistance: configuration.touchSlop, directions: Set(destinations.keys))))])
    }

    /// Resolves and lays out the current screen and registers its buttons; returns what the
    /// gesture engine reported while they were updated (a press on a button that became
    /// disabled is cancelled).
    @discardableResult
    private func update() -> [GestureOutput] {
        _ = changes.take()
        guard let screen = screens.first(where: { $0.id == currentScreen }) else { return [] }
        let changes = self.changes
        let session = ResolveSession(pressedIDs: pressed, textEngine: textEngine, changes: changes, store: store)
        let context = ResolveContext(environment: environment, path: screen.id, session: session, stackAxis: nil)
        // What the screen's content closure reads itself belongs to no view: it re-resolves all.
        let content = store.observing(marking: nil, in: changes) { screen.content() }
        let node = ScreenRootNode(content: resolve(content, context), keyboard: resolveKeyboard(session))
        node.lifted.lift = screenLift
        node.place(in: Rect(origin: .zero, size: size))
        let animation = store.takePendingAnimation()
        animations.commit(node, previous: root, time: now, animation: animation)
        root = node
        updatePresentation(session, animation: animation)
        isDirty = true
        layoutGeneration += 1
        let outputs = registerTargets()
        noteBindings(of: session)
        store.endPass()
        return outputs
    }

    /// The bodies `applyChanges` re-resolves, kept with their room from frame to frame:
    /// a drag marks one every frame.
    private var markedBodies: [BodyNode] = []

    /// Re-resolves what model changes marked: only the views whose bodies read a changed
    /// model, in the frames they had, unless a size changes (then the whole screen). A view
    /// that comes out with the same structure is updated in place: its nodes keep what did
    /// not change, and its gestures stay registered unless they moved.
    @discardableResult
    func applyChanges() -> [GestureOutput] {
        guard let root, let paths = changes.take() else { return update() }
        var bodies = markedBodies
        markedBodies = []
        defer {
            bodies.emptyKeepingCapacity()
            markedBodies = bodies
        }
        // A node's path extends its parent's: only the ways down to the marked paths are walked.
        // The nodes on the way hold what the marked views emitted (and a button's other look
        // may show them): they forget it now, in the same walk.
        for (i, path) in paths.enumerated() where !paths[..<i].contains(path) {
            func collect(_ node: Node) {
                node.forgetEmission()
                (node as? PressableNode)?.forgetOtherLook()
                if node.path.utf8.count == path.utf8.count, let body = node as? BodyNode { bodies.append(body) }
            }
            root.forEachNode(along: path, collect)
            presentations.shown?.forEachNode(along: path, collect)
        }
        guard paths.allSatisfy({ path in bodies.contains { $0.path == path } }) else { return update() }
        // A marked view inside another marked view is re-resolved with it.
        let outermost = bodies.count < 2 ? bodies : bodies.filter { body in !bodies.contains { $0 !== body && $0.contains(body) } }
        let animation = store.takePendingAnimation()
        var replaced: [(old: Node, new: Node)] = []
        // Only a re-resolved view that requests a presentation, or did, can change what is presented.
        var touchesPresentation = false
        for body in outermost {
            if hasPresentationNodes { body.forEachNode { if $0 is PresentationNode { touchesPresentation = true } } }
            let session = ResolveSession(pressedIDs: pressed, textEngine: textEngine, changes: changes, store: store,
                                         part: ResolvedPart(body, pressables: pressables))
            defer { session.finishPart() }
            let proposal = ProposedSize(body.frame.size)
            let size = body.child.sizeThatFits(proposal)
            // Shown in the nodes there are where the body kept its structure; what changed
            // its structure comes back resolved anew.
            var updated: NodeUpdate?
            var child = body.child
            switch body.refresh(session) {
            case .updated(let update): updated = update
            case .replaced(let fresh): child = fresh
            }
            noteBindings(of: session)
            var previous: Node?
            if let updated {
                guard updated.changed else { continue }
                guard body.child.sizeThatFits(proposal) == size else { return update() }
                body.child.place(in: body.child.frame)
                if body.child.hasMovedGestures { replaced.append((body.child, body.child)) }
            } else if body.child.hasSameStructure(as: child) {
                guard body.child.update(to: child) else { continue }
                guard body.child.sizeThatFits(proposal) == size else { return update() }
                body.child.place(in: body.child.frame)
                if body.child.hasMovedGestures { replaced.append((body.child, body.child)) }
            } else {
                guard child.sizeThatFits(proposal) == size else { return update() }
                child.place(in: body.child.frame)
                replaced.append((body.child, child))
                previous = body.child
                body.child = child
            }
            // Nodes updated in place are the ones looked at before the update.
            if previous != nil, hasPresentationNodes { body.forEachNode { if $0 is PresentationNode { touchesPresentation = true } } }
            animations.commit(body, previous: previous, time: now, partial: true, animation: animation)
        }
        // A presentation that came or went resolves and registers the screen again.
        if touchesPresentation, root.presentationRequest?.path != presentations.shown?.path { return update() }
        isDirty = true
        layoutGeneration += 1
        let outputs = registerTargets(replacing: replaced)
        store.endPass(resolved: outermost.lazy.map(\.contentPath))
        return outputs
    }

    /// Applies what changed outside a touch (a model set from the control socket) before a
    /// frame is drawn. What the engine reports on the way, a press on a button that
    /// became disabled or went away cancelled, comes out with the next events: dropped, the
    /// host would show the press as held for good.
    private func applyChangesBetweenTouches() {
        guard changes.isSet else { return }
        let outputs = applyChanges()
        if !outputs.isEmpty { pendingEvents += process(outputs) }
    }

    /// Keeps what a resolution found that the host watches from then on: focus bindings
    /// and presentations.
    private func noteBindings(of session: ResolveSession) {
        if session.hasFocusBindings { hasFocusBindings = true }
        if session.madePresentationNodes { hasPresentationNodes = true }
    }

    /// The named coordinate spaces of the tree as last registered: a partial update that
    /// has none inside keeps them (the rest of the tree keeps its frames).
    private var namedSpaces: [String: Rect] = [:]

    /// Registers every button and view gesture of the tree with the gesture engine and
    /// drops the ones gone.
    func registerTargets() -> [GestureOutput] {
        // While something is presented only it takes touches: the screen under it takes none.
        guard let root = presentations.shown?.content ?? root else { return [] }
        // The keyboard takes its keys' touches over what is presented too.
        let keyboard = presentations.shown == nil ? nil : (self.root as? ScreenRootNode)?.keyboard
        let nodes = root.touchTargets() + (keyboard?.touchTargets() ?? [])
        let found = nodes.compactMap { $0 as? PressableNode }
        namedSpaces = root.namedCoordinateSpaces()
        scrollNodes = [:]
        for case let scroll as ScrollNode in nodes { scrollNodes[scroll.targetID] = scroll }
        scrollsMoved = false
        let targets = engineTargets(of: nodes, clips: touchClips())
        let ids = Set(targets.map(\.id))
        var outputs: [GestureOutput] = []
        for id in engine.targetIDs where !ids.contains(id) { outputs += engine.removeTarget(id: id) }
        pressables = [:]
        for p in found { pressables[p.id] = p }
        for target in targets { outputs += engine.setTarget(target) }
        engine.arrange(targets.map(\.id))
        orderedIDs = found.map(\.id)
        return outputs
    }

    /// Registers the targets again if scroll views moved them since, for a tool asking
    /// about buttons between touches; what the engine reports on the way comes with the
    /// next events.
    private func registerMovedTargets() {
        guard scrollsMoved else { return }
        let outputs = registerTargets()
        if !outputs.isEmpty { pendingEvents += process(outputs) }
    }

    /// Registers the buttons and view gestures of subtrees that replaced others: only they
    /// changed, so only their targets are set again and only the replaced ones' that are
    /// gone are dropped, with the same outcome as registering the whole tree.
    private func registerTargets(replacing subtrees: [(old: Node, new: Node)]) -> [GestureOutput] {
        // Nothing replaced and nothing moved (a drag's offset inside its gesture): nothing to set.
        guard !subtrees.isEmpty else { return [] }
        // While something is presented only what changed inside it is registered here.
        if let shown = presentations.shown, !subtrees.allSatisfy({ $0.new.path.hasPrefix(shown.path) }) {
            return registerTargets()
        }
        // A subtree updated in place is its own old and new: it is walked once.
        let new = subtrees.flatMap { $0.new.touchTargets() }
        let old = subtrees.flatMap { $0.old === $0.new ? [] : $0.old.touchTargets() }
        let hasButtons = (old + new).contains { $0 is PressableNode }
        // A button's place in `buttonIDs` is the whole tree's, and the targets around a
        // subtree depend on it when it holds a named space or a content shape.
        guard !hasButtons, scrollNodes.isEmpty, !(old + new).contains(where: { $0 is ScrollNode }),
              !subtrees.contains(where: { ($0.old !== $0.new && $0.old.shapesOuterTargets) || $0.new.shapesOuterTargets }) else {
            return registerTargets()
        }
        let targets = engineTargets(of: new)
        let ids = Set(targets.map(\.id))
        let gone = Set(old.compactMap { ($0 as? GestureNode)?.targetID }.filter { !ids.contains($0) })
        var outputs: [GestureOutput] = []
        if !gone.isEmpty {
            for id in engine.targetIDs where gone.contains(id) { outputs += engine.removeTarget(id: id) }
        }
        for target in targets { outputs += engine.setTarget(target) }
        return outputs
    }

    /// What the gesture engine is given for `nodes` (buttons and view gestures).
    private func engineTargets(of nodes: [Node], clips: [ObjectIdentifier: Rect] = [:]) -> [GestureTarget] {
        nodes.compactMap { node in
            let clip = clips[ObjectIdentifier(node)]
            if let p = node as? PressableNode { return target(for: p).clipped(to: clip) }
            if let scroll = node as? ScrollNode { return scroll.target()?.clipped(to: clip) }
            return (node as? GestureNode)?.target(namedFrames: namedSpaces)?.clipped(to: clip)
        }
    }

    /// Shows the pressed or released look of the buttons whose state changed, in the
    /// frames they had. Returns nil when a look would change a button's size: then the
    /// whole screen is laid out again.
    private func updatePresses(_ ids: Set<String>) -> [GestureOutput]? {
        var outputs: [GestureOutput] = []
        for id in ids {
            guard let node = pressables[id] else { continue }
            let hitShape = node.hitShape
            guard node.showLook(pressed: pressed.contains(id)) else { return nil }
            root?.forEachNode(along: node.path) { $0.forgetEmission() }
            presentations.shown?.forEachNode(along: node.path) { $0.forgetEmission() }
            animations.commit(node, time: now, partial: true)
            if node.hitShape != hitShape { outputs += engine.setTarget(target(for: node)) }
        }
        store.endPass(resolved: [])
        isDirty = true
        return outputs
    }

    /// The gesture engine's view of a button: its hit shape and press behaviour.
    private func target(for node: PressableNode) -> GestureTarget {
        let (shape, rect) = node.hitShape
        return GestureTarget(id: node.id, frame: rect,
                             hitTest: { shape.contains(Point(x: $0.x, y: $0.y), in: rect) }, button: node.press)
    }
}

extension Node {
    /// True when a gesture inside needs registering again after an update in place.
    fileprivate var hasMovedGestures: Bool {
        var found = false
        forEachNode { if ($0 as? GestureNode)?.needsRegistration == true { found = true } }
        return found
    }

    /// True when targets outside this subtree depend on what is inside it: a named coordinate
    /// space (the values of gestures) or a content shape (the hit shape of a button or a
    /// gesture around it).
    fileprivate var shapesOuterTargets: Bool {
        var found = false
        forEachNode { if $0 is CoordinateSpaceNode || $0 is ContentShapeNode { found = true } }
        return found
    }
}
