import KioskGestures
import KioskGraphics

/// Scroll views in the host: their drags come from the gesture engine, their coasting,
/// springing and fading indicators run on the host's clock, and each move places the
/// content again; the buttons inside are registered where they now are, clipped to the
/// view, before a touch can reach them.
extension UIHost {
    /// True while a scroll view moves on its own (or its indicators fade): the run loop
    /// then asks for animation frames.
    var isScrolling: Bool { scrollNodes.values.contains { $0.state.isAnimating } }

    /// True when every finger the engine has drags a scroll view, or none is down. Targets
    /// inside scroll views that moved are then registered again only when a finger lands
    /// (or a tool asks about buttons): no touch can reach them before, and registering the
    /// whole screen on every move of a drag would cost more than the frame.
    var fingersOnlyDragScrolls: Bool {
        screenReader.engineSlots.count == scrollNodes.values.count { $0.state.isDragged }
    }

    /// Takes a scroll view's drag report.
    func handleScroll(_ update: GestureUpdate, target id: String, at time: Microseconds) {
        guard let node = scrollNodes[id] else { return }
        node.state.handle(update, horizontal: node.horizontal, vertical: node.vertical, at: time)
        scrolled(node)
    }

    /// A finger landed on a coasting scroll view: it stops, and the touch is only the stop.
    func catchScroll(target id: String, at time: Microseconds) {
        guard let node = scrollNodes[id] else { return }
        node.state.catchMotion(at: time)
        scrolled(node)
    }

    /// Moves the scroll views that move on their own, and carries out `scrollTo` requests,
    /// to `time`.
    func stepScrolls(to time: Microseconds) {
        // Most screens have no scroll view: their frames do not walk an empty table.
        guard !scrollNodes.isEmpty else { return }
        for node in scrollNodes.values {
            let requested = node.state.takeRequest(at: time)
            guard requested || node.state.isAnimating else { continue }
            if node.state.step(to: time) || requested { scrolled(node) }
        }
    }

    /// Places a scroll view's content at its offset and emits it again. The targets inside
    /// are registered again at the end of the batch, except while it coasts: then a finger
    /// that lands catches it, and its content takes no touches, so coasting frames skip that.
    /// A lazy row made on the way runs its `onAppear` now, in the frame it comes into view,
    /// as SwiftUI runs it when the row is first placed, rather than at the next resolution.
    private func scrolled(_ node: ScrollNode) {
        node.layoutGeneration = layoutGeneration
        node.placeContent()
        store.endPass(resolved: [])
        root?.forEachNode(along: node.path) { $0.forgetEmission() }
        isDirty = true
        if !node.state.isCoasting || !node.catchesTouches { scrollsMoved = true }
    }

    /// Runs the scroll views' `onScrollGeometryChange` actions for what moved or changed
    /// size; what they change is applied with the next frame.
    func reportScrollGeometry() {
        guard !scrollNodes.isEmpty else { return }
        for node in scrollNodes.values { node.reportGeometry() }
    }

    /// The targets inside scroll views and the rectangles they take touches in (the views
    /// they scroll in, one inside another).
    func touchClips() -> [ObjectIdentifier: Rect] {
        guard let root, !scrollNodes.isEmpty else { return [:] }
        var clips: [ObjectIdentifier: Rect] = [:]
        func walk(_ node: Node, _ clip: Rect?) {
            if let clip, node is PressableNode || node is GestureNode || node is ScrollNode { clips[ObjectIdentifier(node)] = clip }
            var inner = clip
            if let scroll = node as? ScrollNode { inner = clip.map { $0.intersection(scroll.frame) } ?? scroll.frame }
            for child in node.children { walk(child, inner) }
        }
        walk(root, nil)
        return clips
    }
}

extension GestureTarget {
    /// The target taking touches only inside `clip`; nil when none of it shows there.
    func clipped(to clip: Rect?) -> GestureTarget? {
        guard let clip else { return self }
        let rect = frame.intersection(clip)
        guard !rect.isEmpty else { return nil }
        var clipped = self
        let inner = hitTest, frame = self.frame
        clipped.hitTest = { location in
            clip.contains(location) && (inner?(location) ?? frame.contains(location))
        }
        return clipped
    }
}
