import FoundationEssentials
import Glibc
import KioskGestures

/// How a change moves from old to new: a spring or an ease, in seconds of the frame clock.
public struct Animation: Hashable, Sendable {
    enum Curve: Hashable, Sendable {
        case spring(response: Double, dampingFraction: Double)
        case easeInOut(duration: Double)
        case easeOut(duration: Double)
        case linear(duration: Double)
    }

    let curve: Curve

    /// SwiftUI's default spring: response 0.55 s, damping fraction 0.825.
    public static func spring(response: Double = 0.55, dampingFraction: Double = 0.825) -> Animation {
        Animation(curve: .spring(response: max(response, 0.01), dampingFraction: min(max(dampingFraction, 0.01), 1)))
    }

    public static func easeInOut(duration: Double = 0.35) -> Animation { Animation(curve: .easeInOut(duration: max(duration, 0.001))) }
    public static func easeOut(duration: Double = 0.35) -> Animation { Animation(curve: .easeOut(duration: max(duration, 0.001))) }
    public static func linear(duration: Double = 0.35) -> Animation { Animation(curve: .linear(duration: max(duration, 0.001))) }
    public static let `default` = spring()

    /// Progress from 0 to 1 (a spring overshoots a little) `t` seconds after the change.
    func progress(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        if t >= duration { return 1 }
        switch curve {
        case let .spring(response, zeta):
            // Step response of a damped spring with natural frequency 2π / response.
            let omega = 2 * Double.pi / response
            if zeta >= 1 { return 1 - (1 + omega * t) * exp(-omega * t) }
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
        case let .easeInOut(d):
            let x = t / d
            return x < 0.5 ? 2 * x * x : 1 - pow(-2 * x + 2, 2) / 2
        case let .easeOut(d):
            let x = t / d
            return 1 - (1 - x) * (1 - x)
        case let .linear(d):
            return t / d
        }
    }

    /// Seconds until the change has settled (a spring: within 0.1% of its target).
    var duration: Double {
        switch curve {
        case let .spring(response, zeta):
            let omega = 2 * Double.pi / response
            return log(1000) / (zeta * omega) + (zeta >= 1 ? response : 0)
        case let .easeInOut(d), let .easeOut(d), let .linear(d):
            return d
        }
    }

    var durationMicroseconds: Microseconds { Microseconds((duration * 1_000_000).rounded(.up)) }
}

/// The running animations of a host: for each animatable view (by path) the value it
/// animates from, the target, when the change happened and how it moves.
final class AnimationTracks {
    private struct Track {
        var from: AnimatableValues
        var to: AnimatableValues
        var start: Microseconds
        var animation: Animation
    }

    // Single-threaded and never re-entered: no dynamic exclusivity checks on the hot path.
    @exclusivity(unchecked) private var tracks: [String: Track] = [:]
    @exclusivity(unchecked) private var targets: [PathKey: AnimatableValues] = [:]
    @exclusivity(unchecked) private var values: [String: AnimationValue] = [:]
    /// The views shown that move on every frame (a spinner), by path.
    @exclusivity(unchecked) private var continuous: Set<String> = []

    /// The views coming in and going out.
    let transitions = TransitionTracks()

    var isAnimating: Bool { !tracks.isEmpty || !continuous.isEmpty || !transitions.isEmpty }

    /// True when a view at `path` or below it is moving (paths extend their parent's).
    func isAnimating(inside path: String) -> Bool {
        isAnimating && (tracks.keys.contains { $0.hasPrefix(path) } || continuous.contains { $0.hasPrefix(path) }
            || (!transitions.isEmpty && transitions.isAnimating(inside: path)))
    }

    /// Compares a freshly resolved tree with the last one: an animatable value that changed
    /// under an `.animation(_:value:)` whose value changed starts moving from what is shown
    /// now; other changes jump, unless `animation` (a `withAnimation`'s) moves them. A
    /// `partial` commit (one re-resolved button) keeps what it did not see. Given the tree
    /// it replaces (`previous`), views inserted and removed under an animation transition.
    func commit(_ root: Node, previous: Node? = nil, time: Microseconds, partial: Bool = false,
                animation: Animation? = nil) {
        // A partial commit writes what it sees straight into the kept values (paths are
        // unique, so each is read before it is written): no tables are built and merged on
        // every frame of a drag.
        var seenTargets: [PathKey: AnimatableValues] = [:]
        var seenValues: [String: AnimationValue] = [:]
        var seenContinuous: Set<String> = []
        var animated: [String: TransitionTracks.Animated] = [:]
        func walk(_ node: Node, _ animation: Animation?, parentAnimated: Bool = false) {
            var animation = animation
            if node.animatesContinuously { seenContinuous.insert(node.path) }
            if let node = node as? AnimationNode {
                if let old = values[node.path], !old.isEqual(to: node.value) { animation = node.animation }
                if partial { values[node.path] = node.value } else { seenValues[node.path] = node.value }
            }
            if previous != nil, animation != nil || parentAnimated {
                animated[node.path] = TransitionTracks.Animated(animation: animation, kind: ObjectIdentifier(type(of: node)))
            }
            if let target = node.animatableTarget {
                // Looked up once, and kept in place: a drag moves an offset on every frame.
                let key = node.pathKey
                let known = targets.index(forKey: key)
                if let known, case let old = targets.values[known], old != target, old.count == target.count {
                    if let animation {
                        let from = value(at: node.path, target: old, time: time)
                        tracks[node.path] = Track(from: from, to: target, start: time, animation: animation)
                    } else if !tracks.isEmpty {
                        tracks[node.path] = nil
                    }
                }
                if !partial {
                    seenTargets[key] = target
                } else if let known {
                    targets.values[known] = target
                } else {
                    targets[key] = target
                }
            }
            node.forEachChild { walk($0, animation, parentAnimated: animation != nil) }
        }
        walk(root, animation)
        if let previous { transitions.commit(root, previous: previous, animated: animated, time: time) }
        if partial {
            if !continuous.isEmpty { continuous = continuous.filter { !$0.hasPrefix(root.path) } }
            if !seenContinuous.isEmpty { continuous.formUnion(seenContinuous) }
        } else {
            targets = seenTargets
            values = seenValues
            continuous = seenContinuous
            tracks = tracks.filter { seenTargets[PathKey($0.key)] != nil }
        }
    }

    func value(at path: String, target: AnimatableValues, time: Microseconds) -> AnimatableValues {
        // Nothing moving is the usual case: no path is hashed to find that out.
        guard !tracks.isEmpty, let track = tracks[path], track.to == target else { return target }
        let p = track.animation.progress(Double(time - track.start) / 1_000_000)
        return track.from.interpolated(to: track.to, p)
    }

    /// Drops the animations that have settled by `time`.
    func finish(through time: Microseconds) {
        if !tracks.isEmpty { tracks = tracks.filter { time - $0.value.start < $0.value.animation.durationMicroseconds } }
        transitions.finish(through: time)
    }
}
