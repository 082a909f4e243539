import FoundationEssentials
import Glibc
import KioskGestures

/// One axis of a scroll view's motion, UIScrollView's physics on a clock it is given:
/// the content follows the finger, rubber-bands past an edge, coasts after a fling at
/// the normal deceleration rate and springs back to the edge it went past.
struct ScrollAxisMotion: Equatable {
    /// UIScrollView's `decelerationRate.normal`: the fraction of velocity kept per millisecond.
    static let decelerationRate = 0.998
    /// UIScrollView's rubber-band constant: how stiffly overscroll resists the finger.
    static let rubberBandCoefficient = 0.55
    /// The angular frequency (per second) of the critically damped spring that brings the
    /// content back to an edge or to a `scrollTo` target: it settles in about half a second.
    static let springFrequency = 12.0
    /// The fastest fling taken, in points per millisecond (what a hand can do on a panel).
    static let maximumVelocity = 20.0
    /// A coast ends once it has less than this left to travel, a spring once it is this close.
    static let restDistance = 0.5

    enum Phase: Equatable {
        case idle
        /// The finger holds it; `start` is the unbanded offset the drag started from.
        case dragging(start: Double)
        /// Coasting from `from` at `velocity` (points per ms) since `time`.
        case coasting(from: Double, velocity: Double, time: Microseconds)
        /// Springing to `target` from `displacement` with `velocity` (points per s) since `time`.
        case springing(target: Double, displacement: Double, velocity: Double, time: Microseconds)
        /// Moving from `from` to `target` along `animation`'s curve since `time`, with what
        /// moves so (the keyboard).
        case easing(from: Double, target: Double, animation: Animation, time: Microseconds)
    }

    private(set) var offset = 0.0
    private(set) var phase = Phase.idle
    /// The viewport's length and the largest in-bounds offset (content length − viewport).
    private(set) var viewport = 0.0
    private(set) var maximum = 0.0

    var isMoving: Bool { phase != .idle }
    var isAnimating: Bool {
        switch phase {
        case .coasting, .springing, .easing: true
        case .idle, .dragging: false
        }
    }

    /// Takes a new viewport and content length; an offset left past the end by content that
    /// shrank is brought back (at once when still, by the spring when moving).
    mutating func setBounds(viewport: Double, content: Double) {
        self.viewport = viewport.isFinite ? max(viewport, 0) : 0
        maximum = content.isFinite ? max(content - self.viewport, 0) : 0
        if phase == .idle { offset = clamped(offset) }
    }

    private func clamped(_ value: Double) -> Double { min(max(value, 0), maximum) }

    /// UIKit's rubber band: overscroll `x` shows as x·c·d / (d + c·x) for a viewport `d`.
    private func banded(_ raw: Double) -> Double {
        let d = max(viewport, 1), c = Self.rubberBandCoefficient
        func band(_ x: Double) -> Double { x * c * d / (d + c * x) }
        if raw < 0 { return -band(-raw) }
        if raw > maximum { return maximum + band(raw - maximum) }
        return raw
    }

    /// The raw offset that `banded` shows as `shown`: a drag that catches a bouncing
    /// content continues from where it is.
    private func unbanded(_ shown: Double) -> Double {
        let d = max(viewport, 1), c = Self.rubberBandCoefficient
        func unband(_ y: Double) -> Double { y >= d * c ? y : y * d / (c * (d - y)) }
        if shown < 0 { return -unband(-shown) }
        if shown > maximum { return maximum + unband(shown - maximum) }
        return shown
    }

    mutating func beginDrag() {
        phase = .dragging(start: unbanded(offset))
    }

    /// The finger moved `translation` points along the axis since the drag began.
    mutating func drag(translation: Double) {
        guard case .dragging(let start) = phase, translation.isFinite else { return }
        offset = banded(start - translation)
    }

    /// The finger let go moving at `velocity` points per second (the finger's, so the
    /// content coasts the other way); a bad velocity counts as none.
    mutating func release(velocity: Double, at time: Microseconds) {
        let perMs = velocity.isFinite ? -velocity / 1000 : 0
        let v = min(max(perMs, -Self.maximumVelocity), Self.maximumVelocity)
        if offset < 0 || offset > maximum {
            phase = .springing(target: clamped(offset), displacement: offset - clamped(offset), velocity: 0, time: time)
        } else if abs(v) * Self.decelerationRate / (1 - Self.decelerationRate) < Self.restDistance {
            phase = .idle
        } else {
            phase = .coasting(from: offset, velocity: v, time: time)
        }
    }

    /// Moves to `target` (clamped), at once or with the spring.
    mutating func scroll(to target: Double, animated: Bool, at time: Microseconds) {
        guard target.isFinite else { return }
        let destination = clamped(target)
        if animated, abs(destination - offset) >= Self.restDistance {
            phase = .springing(target: destination, displacement: offset - destination, velocity: 0, time: time)
        } else {
            offset = destination
            phase = .idle
        }
    }

    /// Moves to `target` (clamped) along `animation`'s curve.
    mutating func slide(to target: Double, along animation: Animation, at time: Microseconds) {
        guard target.isFinite else { return }
        let destination = clamped(target)
        guard abs(destination - offset) >= Self.restDistance else {
            offset = destination
            phase = .idle
            return
        }
        phase = .easing(from: offset, target: destination, animation: animation, time: time)
    }

    /// A finger caught the moving content: it stops where it is, unless it is past an edge,
    /// where it springs back on.
    mutating func catchMotion() {
        guard isAnimating, offset >= 0, offset <= maximum else { return }
        stop()
    }

    /// Stops where it is (a finger caught it, or the view went away).
    mutating func stop() {
        phase = .idle
        offset = clamped(offset)
    }

    /// The motion at `time`.
    mutating func step(to time: Microseconds) {
        switch phase {
        case .idle, .dragging:
            return
        case let .coasting(from, v, start):
            let r = Self.decelerationRate
            let ms = Double(max(time - start, 0)) / 1000
            let decay = pow(r, ms)
            offset = from + v * r * (1 - decay) / (1 - r)
            let velocity = v * decay
            if offset < 0 || offset > maximum {
                // Past an edge: the spring takes over, carrying the speed into the overscroll.
                let edge = clamped(offset)
                phase = .springing(target: edge, displacement: offset - edge, velocity: velocity * 1000, time: time)
            } else if abs(velocity) * r / (1 - r) < Self.restDistance {
                phase = .idle
            }
        case let .easing(from, target, animation, start):
            let t = Double(max(time - start, 0)) / 1_000_000
            if t >= animation.duration {
                offset = clamped(target)
                phase = .idle
            } else {
                offset = from + (target - from) * animation.progress(t)
            }
        case let .springing(target, x0, v0, start):
            guard target == clamped(target) else {
                // The content shrank under the target (rows removed): aim at the new end.
                phase = .springing(target: clamped(target), displacement: offset - clamped(target), velocity: 0, time: time)
                return
            }
            let t = Double(max(time - start, 0)) / 1_000_000, w = Self.springFrequency
            let b = v0 + w * x0, decay = exp(-w * t)
            let x = (x0 + b * t) * decay, v = (b - w * (x0 + b * t)) * decay
            if abs(x) < Self.restDistance, abs(v) < 20 * Self.restDistance {
                offset = target
                phase = .idle
            } else {
                offset = target + x
            }
        }
    }
}
