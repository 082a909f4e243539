import KioskGestures
import KioskGraphics

/// How one screen gives way to another (a button's goto, `Navigator.go(to:)`, a swipe, the
/// control socket): UIKit's page and navigation transitions on the frame clock.
public enum ScreenTransition: String, Hashable, Sendable, CaseIterable {
    /// At once, in one frame.
    case none
    /// Both screens move together, as pages do: the new one pushes the old one out.
    case slide
    /// The new screen comes over the old one, which moves a third of the way and dims, as a
    /// navigation controller pushes.
    case push
    /// The new screen fades in over the old one.
    case fade

    /// How screens settle after a change or a lift: UIKit's critically damped spring.
    static let animation = Animation.spring(response: 0.35, dampingFraction: 1)

    /// How the old and new screens are drawn `progress` of the way (0: the old one alone,
    /// 1: the new one alone), the new one coming from `edge` (a unit vector: (1, 0) is the
    /// right) of a screen of `size`. (A change without a transition never moves.)
    func looks(progress p: Double, edge: TouchVector, size: Size) -> (old: ScreenLook, new: ScreenLook) {
        let away = ScreenLook(dx: edge.dx * size.width * (1 - p), dy: edge.dy * size.height * (1 - p))
        switch self {
        case .none, .slide:
            return (ScreenLook(dx: -edge.dx * size.width * p, dy: -edge.dy * size.height * p), away)
        case .push:
            return (ScreenLook(dx: -edge.dx * size.width * p / 3, dy: -edge.dy * size.height * p / 3, dimming: 0.1 * p), away)
        case .fade:
            return (ScreenLook(), ScreenLook(opacity: p))
        }
    }
}

/// Where a screen is drawn while screens change.
struct ScreenLook: Equatable {
    var dx = 0.0
    var dy = 0.0
    var opacity = 1.0
    /// Black over it, as a pushed-under screen darkens.
    var dimming = 0.0
}

/// A change of screens under way: the screen drawn beside the current one (the old one
/// going, or the one a finger pulls in), and how far the new one is in.
final class ScreenMotion {
    let transition: ScreenTransition
    /// The other screen's laid-out tree, and its background.
    let other: Node
    let otherID: String
    let otherBackground: Color
    /// True while the other screen is the one coming in (a drag, a spring back); false once
    /// the current screen is the new one.
    let otherIsIncoming: Bool
    /// The side the new screen comes from, a unit vector.
    let edge: TouchVector
    /// How far in the new screen is while a finger holds it; nil once it settles.
    var held: Double?
    /// Where it settles from, where to, and since when.
    private(set) var from = 0.0
    private(set) var target = 1.0
    private(set) var start: Microseconds = 0

    init(transition: ScreenTransition, other: Node, otherID: String, otherBackground: Color, otherIsIncoming: Bool,
         edge: TouchVector) {
        self.transition = transition
        self.other = other
        self.otherID = otherID
        self.otherBackground = otherBackground
        self.otherIsIncoming = otherIsIncoming
        self.edge = edge
    }

    /// Lets it settle from `progress` to `target` (1: the new screen, 0: back to the old).
    func settle(from progress: Double, to target: Double, at time: Microseconds) {
        held = nil
        from = progress
        self.target = target
        start = time
    }

    /// How far in the new screen is at `time`.
    func progress(at time: Microseconds) -> Double {
        if let held { return held }
        let p = ScreenTransition.animation.progress(Double(time - start) / 1_000_000)
        return from + (target - from) * p
    }

    /// True once it has settled by `time`.
    func hasSettled(at time: Microseconds) -> Bool {
        held == nil && time - start >= ScreenTransition.animation.durationMicroseconds
    }
}
