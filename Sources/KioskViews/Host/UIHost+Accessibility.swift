import KioskGestures
import KioskGraphics

extension UIHost {
    /// The current screen's accessibility elements in reading order (its language's
    /// direction), brought up to date with what changed first.
    public var accessibilityElements: [AccessibilityElement] {
        if changes.isSet { applyChanges() }
        guard let root else { return [] }
        let direction = environment.layoutDirection, placement = accessibilityPlacement
        if let cached = screenReader.elements, cached.placement == placement, cached.direction == direction { return cached.list }
        // While something is presented, only it is in the tree: the screen under it is hidden.
        let list = AccessibilityTree.elements(of: presentations.shown?.content ?? root, direction: direction)
        screenReader.elements = (list, placement, direction)
        return list
    }

    /// Where the views are now, for telling whether listed elements are still where they were.
    var accessibilityPlacement: AccessibilityPlacement {
        AccessibilityPlacement(layout: layoutGeneration, scrollOffsets: scrollNodes.mapValues(\.pixelOffset))
    }

    /// Performs element `id`'s default action (a button's action) as a tap on it would: it
    /// is reported as `triggered` with cause `accessibility`, a screen it switches to is
    /// shown and what it changes is resolved again. A disabled element is refused.
    @discardableResult
    public func activate(_ id: String) throws(AccessibilityError) -> [UIEvent] {
        guard let element = accessibilityElements.first(where: { $0.id == id }) else { throw .noElement(id) }
        guard !element.traits.contains(.isDisabled) else { throw .disabled(id) }
        guard let action = element.action else { throw .noAction(id) }
        return perform(UIEvent(time: now, kind: .triggered(button: id, cause: .accessibility)), action)
    }

    /// Moves adjustable element `id` one step in `direction`.
    @discardableResult
    public func adjust(_ id: String, _ direction: AccessibilityAdjustmentDirection) throws(AccessibilityError) -> [UIEvent] {
        guard let element = accessibilityElements.first(where: { $0.id == id }) else { throw .noElement(id) }
        guard !element.traits.contains(.isDisabled) else { throw .disabled(id) }
        guard let adjust = element.adjust else { throw .notAdjustable(id) }
        return perform(nil) { adjust(direction) }
    }

    // MARK: Focus

    /// How touches reach the UI: `explore` is the screen reader's explore by touch. Turning
    /// it on cancels a press under way and announces the change, as a `speak` event
    /// delivered with the next events.
    public var accessibilityMode: AccessibilityMode {
        get { screenReader.mode }
        set {
            guard newValue != screenReader.mode else { return }
            pendingEvents += switchMode(to: newValue)
        }
    }

    /// The id of the element with the accessibility focus (drawn with a focus ring); nil
    /// when none has it.
    public var accessibilityFocus: String? { screenReader.focusedID }

    /// Gives element `id` the focus and announces it; a `speak` event is returned.
    @discardableResult
    public func focus(_ id: String) throws(AccessibilityError) -> [UIEvent] {
        guard let element = accessibilityElements.first(where: { $0.id == id }) else { throw .noElement(id) }
        return events(focusing: element)
    }

    /// Moves the focus to the next (or previous) element in reading order, wrapping round;
    /// with no focus yet, to the first (or last). An empty screen has nothing to focus.
    @discardableResult
    public func moveFocus(forward: Bool) -> [UIEvent] {
        let elements = accessibilityElements.filter(\.isFocusable)
        guard !elements.isEmpty else {
            MisuseReport.once("accessibility: screen \(currentScreen) has no element to move the focus to")
            return []
        }
        let index = screenReader.focusedID.flatMap { id in elements.firstIndex { $0.id == id } }
        let next = switch index {
        case let i?: forward ? (i + 1) % elements.count : (i + elements.count - 1) % elements.count
        case nil: forward ? 0 : elements.count - 1
        }
        return events(focusing: elements[next])
    }

    /// Activates the focused element (a double tap in explore mode, Enter on a keypad). A
    /// disabled one is announced again instead.
    @discardableResult
    public func activateFocus() -> [UIEvent] {
        guard let id = screenReader.focusedID else { return [] }
        do {
            return try activate(id)
        } catch {
            return announce(accessibilityElements.first { $0.id == id })
        }
    }

    /// A keypad or keyboard key: Tab and the arrows move the focus in reading order
    /// (Shift-Tab back; left and right follow the screen's direction), Enter and Space
    /// activate the focused element, Escape takes the focus away.
    public func handle(_ key: KeyEvent) -> [UIEvent] {
        now = max(now, key.timestamp)
        var events = process(engine.advance(to: key.timestamp))
        guard let name = key.key else { return events }
        if name == .leftShift || name == .rightShift {
            screenReader.isShiftDown = key.isPressed
            return events
        }
        guard key.isPressed else { return events }
        if typeKey(name) { return events + process([]) }
        let rightToLeft = environment.layoutDirection == .rightToLeft
        switch name {
        case .tab: events += moveFocus(forward: !screenReader.isShiftDown)
        case .down: events += moveFocus(forward: true)
        case .up: events += moveFocus(forward: false)
        case .right: events += moveFocus(forward: !rightToLeft)
        case .left: events += moveFocus(forward: rightToLeft)
        case .enter, .keypadEnter, .space: events += screenReader.focusedID == nil ? moveFocus(forward: true) : activateFocus()
        case .escape:
            if screenReader.focusedID != nil {
                screenReader.focusedID = nil
                isDirty = true
                focusBindingsFollowFocus()
            }
        default: break
        }
        if textEditingFollowsFocus() { events += process([]) }
        return events
    }

    // MARK: Explore by touch

    /// Passes a frame to explore mode or to the gesture engine, then watches for the
    /// gesture that switches the mode.
    func route(_ frame: TouchFrame) -> [UIEvent] {
        var events: [UIEvent]
        if screenReader.mode == .explore {
            events = explore(frame)
        } else {
            events = feedEngine(frame)
        }
        if screenReader.toggleGesture.feed(frame) {
            events += switchMode(to: screenReader.mode == .explore ? .standard : .explore)
            events += process([])
        }
        return events
    }

    /// Feeds the engine the touches it has (a finger that landed in explore mode stays out).
    private func feedEngine(_ frame: TouchFrame) -> [UIEvent] {
        func isForEngine(_ event: TouchEvent) -> Bool {
            switch event.phase {
            case .down: screenReader.engineSlots[event.slot] = event.location
            case .move:
                // One lookup: a drag moves on every frame.
                guard let index = screenReader.engineSlots.index(forKey: event.slot) else { return false }
                screenReader.engineSlots.values[index] = event.location
            case .up, .cancel: guard screenReader.engineSlots.removeValue(forKey: event.slot) != nil else { return false }
            }
            return true
        }
        // Each event is looked at once, in order; the frame's list is passed on as it is
        // when every event goes to the engine (every frame of a drag).
        var kept = frame.events
        if let dropped = frame.events.firstIndex(where: { !isForEngine($0) }) {
            kept = Array(frame.events[..<dropped]) + frame.events[(dropped + 1)...].filter(isForEngine)
        }
        // A finger that lands is hit-tested where the targets are now, after scroll views
        // that moved them while the fingers down only dragged scroll views.
        let registered = scrollsMoved && kept.contains { $0.phase == .down } ? process(registerTargets()) : []
        guard kept.count > 1 else {
            return registered.joined(with: process(engine.feed(TouchFrame(events: kept, timestamp: frame.timestamp))))
        }
        // One at a time: a finger landing in the same frame as a tap that switches screens
        // lands on the new screen.
        return registered + kept.flatMap { process(engine.feed(TouchFrame(events: [$0], timestamp: frame.timestamp))) }
    }

    private func explore(_ frame: TouchFrame) -> [UIEvent] {
        var events: [UIEvent] = []
        for command in screenReader.explore.feed(frame) {
            switch command {
            case let .touchDown(point, isSecondTap):
                guard !isSecondTap else { continue }
                screenReader.focusBeforeTouch = screenReader.focusedID
                events += explore(at: point)
            case .explore(let point):
                events += explore(at: point)
            case .activate:
                if let before = screenReader.focusBeforeTouch, before != screenReader.focusedID {
                    screenReader.focusedID = before
                    isDirty = true
                }
                events += activateFocus()
            case .flick(let direction):
                restoreFocusBeforeTouch()
                events += flick(direction)
            }
        }
        return events
    }

    /// Focuses the innermost element under `point`; nothing changes over empty space.
    private func explore(at point: Point) -> [UIEvent] {
        let under = accessibilityElements.filter { $0.frame.contains(point) }
        guard let element = under.min(by: { $0.frame.size.width * $0.frame.size.height < $1.frame.size.width * $1.frame.size.height }),
              element.id != screenReader.focusedID else { return [] }
        return events(focusing: element)
    }

    /// Right and left move through the elements (mirrored right to left); up and down
    /// adjust an adjustable element, as VoiceOver's vertical swipes do.
    private func flick(_ direction: SwipeDirection) -> [UIEvent] {
        let rightToLeft = environment.layoutDirection == .rightToLeft
        switch direction {
        case .right: return moveFocus(forward: !rightToLeft)
        case .left: return moveFocus(forward: rightToLeft)
        case .up, .down:
            guard let id = screenReader.focusedID,
                  let events = try? adjust(id, direction == .up ? .increment : .decrement) else { return [] }
            return events + announce(accessibilityElements.first { $0.id == id })
        }
    }

    private func restoreFocusBeforeTouch() {
        guard screenReader.focusBeforeTouch != screenReader.focusedID else { return }
        screenReader.focusedID = screenReader.focusBeforeTouch
        isDirty = true
    }

    private func switchMode(to mode: AccessibilityMode) -> [UIEvent] {
        screenReader.mode = mode
        screenReader.explore.reset()
        var outputs: [GestureOutput] = []
        if mode == .explore {
            // The engine's touches end as cancelled: no press stays down, none triggers.
            let cancels = screenReader.engineSlots.map { TouchEvent(slot: $0.key, phase: .cancel, location: $0.value, timestamp: now) }
            screenReader.engineSlots = [:]
            if !cancels.isEmpty { outputs = engine.feed(TouchFrame(events: cancels, timestamp: now)) }
        }
        let said = mode == .explore ? "Screen reader on" : "Screen reader off"
        return process(outputs) + [UIEvent(time: now, kind: .speak(said))]
    }

    /// On another screen the focus starts again: in explore mode on its first element,
    /// announced, as a screen reader does on a new screen.
    func focusAfterScreenSwitch() -> [UIEvent] {
        screenReader.focusedID = nil
        screenReader.focusBeforeTouch = nil
        focusBindingsFollowFocus()
        guard screenReader.mode == .explore, let first = accessibilityElements.first else { return [] }
        return events(focusing: first)
    }

    private func events(focusing element: AccessibilityElement) -> [UIEvent] {
        if screenReader.focusedID != element.id {
            screenReader.focusedID = element.id
            isDirty = true
        }
        screenReader.focusedFrame = (element.frame, accessibilityPlacement)
        focusBindingsFollowFocus()
        return announce(element)
    }

    // MARK: Focus states

    /// The views whose focus is bound (`focused(_:)`), outermost first.
    private var focusNodes: [FocusNode] {
        guard hasFocusBindings, let root else { return [] }
        var nodes: [FocusNode] = []
        root.forEachNode { if let node = $0 as? FocusNode { nodes.append(node) } }
        return nodes
    }

    private func holdsFocus(_ node: FocusNode) -> Bool {
        guard let id = screenReader.focusedID else { return false }
        return AccessibilityTree.elements(of: node, direction: environment.layoutDirection).contains { $0.id == id }
    }

    /// Sets the focus states after the focus moved: true where it is now, false elsewhere
    /// (the false ones first, so a state shared by `focused(_:equals:)` ends on the new value).
    func focusBindingsFollowFocus() {
        let nodes = focusNodes
        guard !nodes.isEmpty else { return }
        let holding = nodes.map(holdsFocus)
        for (node, holds) in zip(nodes, holding) where !holds { node.setFocused(false) }
        for (node, holds) in zip(nodes, holding) where holds { node.setFocused(true) }
    }

    /// Moves the focus after a focus state was written: into a view whose state became
    /// true, or away from one whose state became false.
    func focusFollowsBindings() -> [UIEvent] {
        let nodes = focusNodes
        guard !nodes.isEmpty else { return [] }
        for node in nodes where node.isFocused() && !holdsFocus(node) {
            let inside = AccessibilityTree.elements(of: node, direction: environment.layoutDirection).filter(\.isFocusable)
            if let first = inside.first { return events(focusing: first) }
        }
        if nodes.contains(where: { !$0.isFocused() && holdsFocus($0) }) && !nodes.contains(where: { $0.isFocused() && holdsFocus($0) }) {
            screenReader.focusedID = nil
            isDirty = true
        }
        return []
    }

    /// What the screen reader says for `element`: its label and roles. One with no label
    /// is read by its role and reported once, so the screen's author finds it.
    private func announce(_ element: AccessibilityElement?) -> [UIEvent] {
        guard let element else { return [] }
        if element.label.isEmpty {
            MisuseReport.once("accessibility: \(element.id) on screen \(currentScreen) has no label; it is read as \"\(element.description)\"")
        }
        return [UIEvent(time: now, kind: .speak(element.description))]
    }

    /// The focus ring: a dark ring with a light one inside, so it shows on any background.
    /// The light ring lies within the dark one's edge band, so a ring that moves redraws
    /// only four bands (see `DrawOp.damagedPixels`), not the element inside it.
    func emitFocusRing(_ emitter: Emitter) {
        guard let id = screenReader.focusedID, root != nil, !isEditingFocusedField(id) else { return }
        let placement = accessibilityPlacement
        if screenReader.focusedFrame?.placement != placement {
            guard let element = accessibilityElements.first(where: { $0.id == id }) else {
                screenReader.focusedID = nil
                screenReader.focusedFrame = nil
                return
            }
            screenReader.focusedFrame = (element.frame, placement)
        }
        guard let frame = screenReader.focusedFrame?.frame else { return }
        let outer = frame.insetBy(dx: -5, dy: -5)
        emitter.add(.border(.roundedRectangle(cornerRadius: 12), outer, lineWidth: 4, .color(.black), opacity: 1), key: "accessibility-focus")
        emitter.add(.border(.roundedRectangle(cornerRadius: 9), outer.insetBy(dx: 3, dy: 3), lineWidth: 2, .color(.white), opacity: 1),
                    key: "accessibility-focus")
    }
}
