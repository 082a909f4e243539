import KioskGestures
import KioskGraphics

/// Screen changes on the frame clock: a goto pushes the new screen in from the trailing
/// edge; a swipe pulls the next screen in with the finger (both screens drawn, offset by
/// the finger's travel), and on lift the new screen settles in when the finger went past
/// half the screen or flicked that way, else the old one springs back — UIKit's
/// interactive transition. A screen change is reported (`screen` event) when it is
/// decided: at the goto, or at the lift that settles it, not when the motion ends.
extension UIHost {
    /// The transition that brings screen `id` in.
    func transition(to id: String) -> ScreenTransition {
        screens.first { $0.id == id }?.transition ?? screenTransition
    }

    /// True while screens move on their own (not held by a finger): frames are needed.
    var isMovingScreens: Bool { screenMotion.map { $0.held == nil } ?? false }

    /// Starts the motion of a change just made from screen `id` (laid out as `old`): from
    /// where a swipe left it, or from the start for a goto. A change before anything was
    /// drawn is instant.
    func beginScreenChange(leaving old: Node?, id: String, background: Color) {
        let swiped = swipeSettle
        swipeSettle = nil
        screenMotion = nil
        let transition = transition(to: currentScreen)
        // Before the first frame nothing is on the panel to move away from.
        guard let old, transition != .none, renderedList != nil else { return }
        let trailing = TouchVector(dx: environment.layoutDirection == .rightToLeft ? -1 : 1, dy: 0)
        let motion = ScreenMotion(transition: transition, other: old, otherID: id, otherBackground: background,
                                  otherIsIncoming: false, edge: swiped?.edge ?? trailing)
        motion.settle(from: swiped?.progress ?? 0, to: 1, velocity: swiped?.velocity ?? 0, at: now)
        screenMotion = motion
    }

    /// The screen a stroke along `translation` leads to, the direction it swipes, and the
    /// side the new screen comes from.
    private func destination(of translation: TouchVector) -> (id: String, direction: SwipeDirection, edge: TouchVector)? {
        let direction = SwipeGesture.direction(of: translation)
        guard let id = swipeDestinations[direction] else { return nil }
        let edge: TouchVector
        switch direction {
        case .left: edge = TouchVector(dx: 1, dy: 0)
        case .right: edge = TouchVector(dx: -1, dy: 0)
        case .up: edge = TouchVector(dx: 0, dy: 1)
        case .down: edge = TouchVector(dx: 0, dy: -1)
        }
        return (id, direction, edge)
    }

    /// How far in a stroke of `translation` has pulled a screen coming from `edge`.
    private func progress(of translation: TouchVector, edge: TouchVector) -> Double {
        min(max(pulled(translation, edge: edge), 0), 1)
    }

    /// A finger's travel or speed along the way a screen coming from `edge` is pulled in,
    /// in screens (so per second for a speed).
    private func pulled(_ vector: TouchVector, edge: TouchVector) -> Double {
        let along = -(vector.dx * edge.dx + vector.dy * edge.dy)
        let length = edge.dx != 0 ? size.width : size.height
        return along.isFinite ? along / max(length, 1) : 0
    }

    /// The finger moved: the screen it pulls in follows it.
    func followSwipe(_ stroke: PagingSwipe) {
        guard let (id, _, edge) = destination(of: stroke.translation), transition(to: id) != .none else {
            // Pulled the way no screen lies: the one pulled in goes back out.
            if let motion = screenMotion, motion.otherIsIncoming, motion.held != nil {
                motion.held = 0
                isDirty = true
            }
            return
        }
        if screenMotion?.otherID != id || screenMotion?.otherIsIncoming != true || screenMotion?.held == nil {
            guard let incoming = resolveAside(id) else { return }
            let background = screens.first { $0.id == id }?.background ?? background
            screenMotion = ScreenMotion(transition: transition(to: id), other: incoming, otherID: id,
                                        otherBackground: background, otherIsIncoming: true, edge: edge)
        }
        screenMotion?.held = progress(of: stroke.translation, edge: edge)
        isDirty = true
    }

    /// The finger lifted: the screen to go to and the swipe to report, or nil when the
    /// screen springs back. Without a transition, a swipe (`SwipeGesture`'s) goes at once.
    func endSwipe(_ stroke: PagingSwipe, at time: Microseconds) -> (id: String, direction: SwipeDirection)? {
        guard let (id, direction, edge) = destination(of: stroke.translation) else {
            springBack(at: time)
            return nil
        }
        guard transition(to: id) != .none else {
            screenMotion = nil
            return stroke.swipe == direction ? (id, direction) : nil
        }
        let progress = progress(of: stroke.translation, edge: edge)
        let speed = -(stroke.velocity.dx * edge.dx + stroke.velocity.dy * edge.dy)
        let flicked = stroke.swipe == direction && speed >= environment.gestureConfiguration.swipeMinimumVelocity
        // The settle starts at the finger's speed, as a paging scroll view's does.
        let velocity = pulled(stroke.velocity, edge: edge)
        guard progress >= 0.5 || flicked else {
            springBack(at: time, velocity: velocity)
            return nil
        }
        swipeSettle = (progress, velocity, edge)
        return (id, direction)
    }

    /// The screen a finger pulled in goes back where it came from, starting at `velocity`
    /// (progress per second: the finger's speed when it lifted).
    func springBack(at time: Microseconds, velocity: Double = 0) {
        guard let motion = screenMotion, motion.otherIsIncoming else { return }
        motion.settle(from: motion.progress(at: time), to: 0, velocity: velocity, at: time)
        isDirty = true
    }

    /// Screen `id` resolved and laid out apart from the host's state: what a finger pulls
    /// in before the change is decided. Its state is fresh, as the screen's will be when
    /// it is shown, and nothing it runs or reads reaches the host.
    private func resolveAside(_ id: String) -> Node? {
        guard let screen = screens.first(where: { $0.id == id }) else { return nil }
        let session = ResolveSession(pressedIDs: [], textEngine: textEngine, changes: ChangeTracker(),
                                     store: StateStore(observesModels: false))
        let context = ResolveContext(environment: environment, path: screen.id, session: session, stackAxis: nil)
        let node = ScreenRootNode(content: resolve(screen.content(), context), keyboard: resolve(EmptyView(), context))
        node.place(in: Rect(origin: .zero, size: size))
        return node
    }

    /// Draws the two screens of a change where they are at the emitter's time; drops the
    /// motion once it has settled.
    func emitScreens(_ emitter: Emitter) -> Bool {
        guard let motion = screenMotion else { return false }
        if motion.hasSettled(at: emitter.time) {
            screenMotion = nil
            return false
        }
        let looks = motion.transition.looks(progress: motion.progress(at: emitter.time), edge: motion.edge, size: size)
        let current = (node: root, background: currentBackground)
        let other = (node: Optional(motion.other), background: motion.otherBackground)
        let (old, new) = motion.otherIsIncoming ? (current, other) : (other, current)
        emitScreen(old.node, background: old.background, look: looks.old, key: "#screen-old", emitter)
        emitScreen(new.node, background: new.background, look: looks.new, key: "#screen-new", emitter)
        return true
    }

    private func emitScreen(_ node: Node?, background: Color, look: ScreenLook, key: String, _ emitter: Emitter) {
        guard let node, look.opacity > 0 else { return }
        let bounds = Rect(origin: .zero, size: size)
        let ops = emitter.collect {
            emitter.add(.fill(.rectangle, bounds, .color(background.pixelColor), opacity: 1, shadow: nil), key: key + ".background")
            node.emit(emitter)
            if look.dimming > 0 {
                emitter.add(.fill(.rectangle, bounds, .color(PixelColor(red: 0, green: 0, blue: 0, alpha: 1)),
                                  opacity: look.dimming, shadow: nil), key: key + ".dimming")
            }
        }
        var effect = LayerEffect()
        effect.opacity = look.opacity
        // Whole pixels: text and edges move without blurring.
        effect.transform = LayerTransform(translationX: look.dx.rounded(), y: look.dy.rounded())
        emitter.add(.layer(effect, DrawGroup(ops)), key: key)
    }
}
