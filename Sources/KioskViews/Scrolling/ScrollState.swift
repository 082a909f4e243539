import KioskGestures
import KioskGraphics

/// What a scroll view keeps between resolutions (in the host's state store): where its
/// content is on each axis and how it moves, and when it last came to rest, which the
/// indicators fade after.
final class ScrollState {
    /// How long the indicators stay after the content stops, then how long they fade.
    static let indicatorLinger: Microseconds = 500_000
    static let indicatorFade: Microseconds = 250_000

    var x = ScrollAxisMotion()
    var y = ScrollAxisMotion()
    /// Where the finger was when the drag began (past the slop): the content follows it from there.
    private var dragOrigin: TouchLocation?
    private var restedAt: Microseconds?
    /// Set while nothing has moved yet: the indicators show only once the content moves.
    private var hasMoved = false

    var offset: Point { Point(x: x.offset, y: y.offset) }
    /// True while a finger drags the content.
    var isDragged: Bool { dragOrigin != nil }
    /// Room added below the content while the keyboard covers the view's bottom this far,
    /// so its last rows can scroll up above the keyboard.
    var keyboardInset = 0.0
    var isMoving: Bool { x.isMoving || y.isMoving }

    /// True while the content moves on its own after a fling (or springs back, or to a
    /// `scrollTo`): a finger that lands then catches it.
    var isCoasting: Bool { x.isAnimating || y.isAnimating }

    /// A finger landed on the moving content: it stops where it is (a bounce past an edge
    /// springs back on), and the touch is only the stop.
    func catchMotion(at time: Microseconds) {
        x.catchMotion()
        y.catchMotion()
        moved(at: time)
    }

    /// True while the host must step it on animation frames: coasting, springing, or its
    /// indicators still showing after it stopped.
    var isAnimating: Bool { x.isAnimating || y.isAnimating || restedAt != nil }

    /// The indicators' opacity at `time`: full while moving and for a while after, then fading.
    func indicatorOpacity(at time: Microseconds) -> Double {
        if isMoving { return 1 }
        guard let restedAt else { return 0 }
        let since = time - restedAt - Self.indicatorLinger
        guard since > 0 else { return 1 }
        return max(1 - Double(since) / Double(Self.indicatorFade), 0)
    }

    /// Takes the drag's report; the finger moves the content on the axes it scrolls.
    func handle(_ update: GestureUpdate, horizontal: Bool, vertical: Bool, at time: Microseconds) {
        switch update {
        case .changed(let boxed):
            guard let value = boxed.value(as: DragValue.self) else { return }
            if dragOrigin == nil {
                dragOrigin = value.location
                x.beginDrag()
                y.beginDrag()
            }
            guard let origin = dragOrigin else { return }
            if horizontal { x.drag(translation: value.location.x - origin.x) }
            if vertical { y.drag(translation: value.location.y - origin.y) }
            moved(at: time)
        case .ended(let boxed):
            let velocity = boxed.value(as: DragValue.self)?.velocity ?? .zero
            release(velocity: velocity, at: time)
        case .failed, .cancelled:
            release(velocity: .zero, at: time)
        }
    }

    private func release(velocity: TouchVector, at time: Microseconds) {
        guard dragOrigin != nil else { return }
        dragOrigin = nil
        x.release(velocity: velocity.dx, at: time)
        y.release(velocity: velocity.dy, at: time)
        moved(at: time)
    }

    /// A `scrollTo` asked for outside a frame: the host carries it out at its time, with the
    /// spring when animated, or along `animation` to move with something else.
    private(set) var request: (target: Point, animated: Bool, animation: Animation?)?

    func request(_ target: Point, animated: Bool, along animation: Animation? = nil) { request = (target, animated, animation) }

    /// Carries out the pending `scrollTo`, if any; true when there was one.
    func takeRequest(at time: Microseconds) -> Bool {
        guard let request else { return false }
        self.request = nil
        if let animation = request.animation {
            dragOrigin = nil
            x.slide(to: request.target.x, along: animation, at: time)
            y.slide(to: request.target.y, along: animation, at: time)
            moved(at: time)
        } else {
            scroll(to: request.target, animated: request.animated, at: time)
        }
        return true
    }

    /// Moves the content to `target`, with the spring when animated.
    func scroll(to target: Point, animated: Bool, at time: Microseconds) {
        dragOrigin = nil
        x.scroll(to: target.x, animated: animated, at: time)
        y.scroll(to: target.y, animated: animated, at: time)
        moved(at: time)
    }

    /// The motion at `time`; true when the content or its indicators changed.
    func step(to time: Microseconds) -> Bool {
        // The host may ask again for an earlier time in the same batch: the motion never runs back.
        let time = max(time, steppedTo)
        steppedTo = time
        let before = (x.offset, y.offset)
        let wasMoving = isMoving
        x.step(to: time)
        y.step(to: time)
        if wasMoving, !isMoving { restedAt = time }
        if let restedAt, time - restedAt >= Self.indicatorLinger + Self.indicatorFade { self.restedAt = nil }
        return before != (x.offset, y.offset) || wasMoving || indicatorOpacity(at: time) != indicatorsShown
    }

    private var steppedTo: Microseconds = 0

    /// The geometry the view's `onScrollGeometryChange` actions were last told of.
    var reportedGeometry: ScrollGeometry?

    /// The indicators' opacity the content was last drawn with.
    var indicatorsShown = 0.0

    private func moved(at time: Microseconds) {
        hasMoved = true
        if !isMoving { restedAt = time }
    }

    /// True once the content has moved: before that the indicators are hidden.
    var showsIndicators: Bool { hasMoved }
}
