import KioskGestures

/// The views of a host coming in and going out. A commit under an animation compares the
/// fresh tree with the one it replaces: a view whose path is new (its parent's is not) is
/// inserted and comes in from its transition's state; a view whose path is gone (its
/// parent's stays) is removed, and its old node is kept and drawn after its parent's, not
/// hit-testable, while it goes out. Without an animation nothing is tracked. A path that
/// holds another kind of node than before counts as new: an empty group and the one view
/// that later fills it share a path.
final class TransitionTracks {
    /// A node of the fresh tree under an animation, or the child of one (nil where an
    /// `.animation(nil, value:)` turned it off), and its kind.
    struct Animated {
        let animation: Animation?
        let kind: ObjectIdentifier
    }

    struct Track {
        /// The view: the inserted one as first resolved (a later resolution at its path
        /// takes its place), or the removed one kept.
        let node: Node
        let pieces: [AnyTransition.Piece]
        let direction: LayoutDirection
        let isInsertion: Bool
        let start: Microseconds
        let animation: Animation

        /// How it is drawn at `time` in `frame`.
        func look(at time: Microseconds, in frame: Rect) -> TransitionLook {
            let p = animation.progress(Double(time - start) / 1_000_000)
            return TransitionLook(pieces, amount: isInsertion ? 1 - p : p, frame: frame, direction: direction)
        }

        func hasEnded(at time: Microseconds) -> Bool { time - start >= animation.durationMicroseconds }
    }

    /// Views coming in, by path.
    @exclusivity(unchecked) private(set) var appearing: [String: Track] = [:]
    /// Views going out, by their parent's path.
    @exclusivity(unchecked) private(set) var leaving: [String: [Track]] = [:]

    var isEmpty: Bool { appearing.isEmpty && leaving.isEmpty }

    /// True when a view at `path` or below it comes or goes.
    func isAnimating(inside path: String) -> Bool {
        appearing.keys.contains { $0.hasPrefix(path) } || leaving.keys.contains { $0.hasPrefix(path) }
    }

    /// Records what came and went between `previous` and `root` (the same view resolved
    /// again): `animated` holds the fresh tree's nodes under an animation, by path.
    func commit(_ root: Node, previous: Node, animated: [String: Animated], time: Microseconds) {
        guard !animated.isEmpty else { return }
        var old: [String: ObjectIdentifier] = [root.path: ObjectIdentifier(type(of: root))]
        previous.forEachNode { old[$0.path] = ObjectIdentifier(type(of: $0)) }
        func inserted(_ node: Node) {
            if let animation = animated[node.path]?.animation, old[node.path] != ObjectIdentifier(type(of: node)) {
                appearing[node.path] = track(node, animation: animation, isInsertion: true, time: time)
                return
            }
            for child in node.children { inserted(child) }
        }
        inserted(root)
        func removed(_ node: Node) {
            for child in node.children {
                if let animation = animated[node.path]?.animation, animated[child.path]?.kind != ObjectIdentifier(type(of: child)) {
                    leaving[node.path, default: []].append(track(child, animation: animation, isInsertion: false, time: time))
                } else {
                    removed(child)
                }
            }
        }
        removed(previous)
    }

    private func track(_ node: Node, animation: Animation, isInsertion: Bool, time: Microseconds) -> Track {
        let declared = node.declaredTransition
        let transition = declared?.transition ?? .opacity
        return Track(node: node, pieces: isInsertion ? transition.insertion : transition.removal,
                     direction: declared?.direction ?? .leftToRight, isInsertion: isInsertion, start: time,
                     animation: animation)
    }

    /// Drops what has come in or gone out by `time`.
    func finish(through time: Microseconds) {
        guard !isEmpty else { return }
        appearing = appearing.filter { !$0.value.hasEnded(at: time) }
        leaving = leaving.compactMapValues { tracks in
            let going = tracks.filter { !$0.hasEnded(at: time) }
            return going.isEmpty ? nil : going
        }
    }
}

extension Emitter {
    /// Emits `node` as its transition shows it now, then the views removed from under it
    /// that are still going out.
    func emitTransitioning(_ node: Node) {
        let transitions = animations.transitions
        if let track = transitions.appearing[node.path] {
            emit(node, look: track.look(at: time, in: node.frame))
        } else {
            node.emitPlainly(self)
        }
        for track in transitions.leaving[node.path] ?? [] where !track.hasEnded(at: time) {
            emit(track.node, look: track.look(at: time, in: track.node.frame))
        }
    }

    private func emit(_ node: Node, look: TransitionLook) {
        if let layer = look.layer {
            let ops = collect { node.emitPlainly(self) }
            guard !ops.isEmpty, look.opacity > 0 else { return }
            add(.layer(layer, DrawGroup(ops)), key: node.path + "#transition")
            return
        }
        let saved = opacity
        opacity *= look.opacity
        if opacity > 0 { node.emitPlainly(self) }
        opacity = saved
    }
}
