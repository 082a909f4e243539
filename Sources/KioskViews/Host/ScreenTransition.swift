import FoundationEssentials
import Glibc
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
    /// That spring's natural frequency, per second.
    static let omega = 2 * Double.pi / 0.35

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
    /// Where it settles from, where to, how fast it started (progress per second), and since when.
    private(set) var from = 0.0
    private(set) var target = 1.0
    private(set) var velocity = 0.0
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

    /// Lets it settle from `progress` to `target` (1: the new screen, 0: back to the old),
    /// starting at `velocity` progress per second: as a paging scroll view's spring takes
    /// the finger's speed, a flick carries on rather than starting again from rest.
    func settle(from progress: Double, to target: Double, velocity: Double = 0, at time: Microseconds) {
        held = nil
        from = progress
        self.target = target
        self.velocity = velocity.isFinite ? min(max(velocity, -Self.fastest), Self.fastest) : 0
        start = time
    }

    /// The fastest settle taken, in screens per second (what a hand can flick).
    static let fastest = 20.0

    /// The settle's distance from its target and its speed `t` seconds in: the critically
    /// damped spring of `ScreenTransition.animation` started at `velocity`.
    private func spring(_ t: Double) -> (offset: Double, speed: Double) {
        let omega = ScreenTransition.omega, x0 = from - target
        let b = velocity + omega * x0, decay = exp(-omega * t)
        return ((x0 + b * t) * decay, (b - omega * (x0 + b * t)) * decay)
    }

    /// How far in the new screen is at `time`; the spring stops at the screens' edges
    /// rather than carry a screen past its place.
    func progress(at time: Microseconds) -> Double {
        if let held { return held }
        let t = Double(max(time - start, 0)) / 1_000_000
        guard !hasSettled(at: time) else { return target }
        return min(max(target + spring(t).offset, 0), 1)
    }

    /// True once it has settled by `time`: the spring's time has run, and it is still.
    func hasSettled(at time: Microseconds) -> Bool {
        guard held == nil else { return false }
        let t = Double(time - start) / 1_000_000
        guard t >= ScreenTransition.animation.duration else { return false }
        let (offset, speed) = spring(t)
        return abs(offset) < 0.0005 && abs(speed) < 0.01
    }
}
