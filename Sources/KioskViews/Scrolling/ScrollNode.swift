import KioskGestures
import KioskGraphics

/// A scroll view: its content laid out at its ideal length along the scrolled axes, moved
/// by the state's offset and clipped to the view, with the indicators on top. It is a
/// target of the gesture engine under its content's buttons, so a drag past the slop
/// takes the touch from them.
final class ScrollNode: ModifierNode {
    let horizontal: Bool
    let vertical: Bool
    let showsIndicators: Bool
    let touchSlop: Double
    let isActive: Bool
    let state: ScrollState

    /// The indicators' look: UIKit's dark thin capsule, inset from the edge.
    static let indicatorThickness = 3.0
    static let indicatorInset = 2.5
    static let indicatorMinimumLength = 36.0
    static let indicatorColor = PixelColor(red: 0, green: 0, blue: 0, alpha: 0.35)

    init(axes: Axis.Set, showsIndicators: Bool, touchSlop: Double, isActive: Bool, state: ScrollState, child: Node, path: String) {
        horizontal = axes.contains(.horizontal)
        vertical = axes.contains(.vertical)
        self.showsIndicators = showsIndicators
        self.touchSlop = touchSlop
        self.isActive = isActive
        self.state = state
        super.init(child: child, path: path)
    }

    var targetID: String { "scroll" + path }

    /// The content's offer: nothing along the scrolled axes (its ideal length), the view's
    /// length across them.
    private func contentProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    /// The view takes what it is offered (a scroll view fills its place), and its content's
    /// length where nothing finite is offered.
    override func measure(_ proposal: ProposedSize) -> Size {
        let content = child.sizeThatFits(contentProposal(proposal))
        func length(_ offered: Double?, _ ideal: Double) -> Double {
            guard let offered, offered.isFinite else { return ideal }
            return offered
        }
        return Size(width: length(proposal.width, content.width), height: length(proposal.height, content.height))
    }

    /// The content's size for the view's current frame.
    var contentSize: Size { child.sizeThatFits(contentProposal(ProposedSize(frame.size))) }

    override func place(in rect: Rect) {
        frame = rect
        let content = contentSize
        if horizontal { state.x.setBounds(viewport: rect.width, content: content.width) }
        if vertical { state.y.setBounds(viewport: rect.height, content: content.height + state.keyboardInset) }
        placement = nil
        placeContent()
    }

    /// Where the content was placed last: the view's frame, the content's size and the offset then.
    private var placement: (frame: Rect, size: Size, offset: PixelOffset)?

    /// Places the content at the state's offset, on whole pixels so text keeps its look;
    /// across an axis it does not scroll, the content is centred. When only the offset
    /// changed, the content placed before is moved rather than laid out again.
    func placeContent() {
        if let placement, placement.frame == frame, placement.size == contentSize,
           moveContent(from: placement.offset, to: pixelOffset) {
            return
        }
        let content = contentSize
        let offset = pixelOffset
        let x = horizontal ? frame.minX - Double(offset.x) : frame.minX + ((frame.width - content.width) / 2).rounded()
        let y = vertical ? frame.minY - Double(offset.y) : frame.minY + ((frame.height - content.height) / 2).rounded()
        foundStacks = nil
        let lazy = knownLazyStacks
        for stack in lazy { stack.viewport = frame }
        child.place(in: Rect(x: x, y: y, width: content.width, height: content.height))
        placement = (frame, content, offset)
        // Rows met for the first time change the content's length: it is measured again.
        if lazy.contains(where: \.learnedLengths) { contentLengthsLearned(lazy) }
    }

    /// Moves the content placed at offset `old` to `new` and brings the lazy stacks' rows in
    /// line with the view; false when that cannot stand for placing it again (a stack's
    /// rows jumped, or the rows met for the first time changed the content's length).
    private func moveContent(from old: PixelOffset, to new: PixelOffset) -> Bool {
        guard old != new else { return true }
        child.translate(by: old - new)
        placement?.offset = new
        let lazy = knownLazyStacks
        for stack in lazy {
            stack.viewport = frame
            guard let changed = stack.followViewport() else { return false }
            // The rows that came or went change what the content emits on the way down to them.
            if changed { child.forEachNode(along: stack.path) { $0.forgetEmission() } }
            if changed, stack.rowsHoldLazyStacks { foundStacks = nil }
        }
        guard lazy.contains(where: \.learnedLengths) else { return true }
        return contentLengthsLearned(lazy) == placement?.size
    }

    /// Measures the content again after its lazy stacks met rows for the first time, and
    /// bounds the offset by its new length, which it returns.
    @discardableResult
    private func contentLengthsLearned(_ lazy: [LazyStackNode]) -> Size {
        for stack in lazy where stack.learnedLengths {
            stack.learnedLengths = false
            child.forEachNode(along: stack.path) { $0.forgetMeasurements() }
        }
        let grown = contentSize
        if horizontal { state.x.setBounds(viewport: frame.width, content: grown.width) }
        if vertical { state.y.setBounds(viewport: frame.height, content: grown.height + state.keyboardInset) }
        return grown
    }

    /// The host's count of resolutions when it last moved the content: the lazy stacks
    /// found in the content hold until views are resolved again.
    var layoutGeneration = 0
    private var foundStacks: (generation: Int, stacks: [LazyStackNode])?

    /// `lazyStacks`, found again only after views were resolved or rows holding lazy stacks
    /// came or went, rather than by walking every row on every frame.
    private var knownLazyStacks: [LazyStackNode] {
        if let foundStacks, foundStacks.generation == layoutGeneration { return foundStacks.stacks }
        let stacks = lazyStacks
        foundStacks = (layoutGeneration, stacks)
        return stacks
    }

    /// The lazy stacks this scroll view shows (not those of scroll views inside it).
    var lazyStacks: [LazyStackNode] {
        var found: [LazyStackNode] = []
        func walk(_ node: Node) {
            if let stack = node as? LazyStackNode { found.append(stack) }
            if node is ScrollNode { return }
            for child in node.children { walk(child) }
        }
        walk(child)
        return found
    }

    /// The `onScrollGeometryChange` actions round the view.
    var geometryActions: [ScrollGeometryAction] = []

    /// The view's geometry as placed now.
    var geometry: ScrollGeometry {
        ScrollGeometry(contentOffset: Point(x: horizontal ? state.x.offset : 0, y: vertical ? state.y.offset : 0),
                       contentSize: contentSize, containerSize: frame.size)
    }

    /// Tells the `onScrollGeometryChange` actions what changed since they were last told
    /// (the first geometry is only noted).
    func reportGeometry() {
        guard !geometryActions.isEmpty else { return }
        let new = geometry
        let old = state.reportedGeometry
        state.reportedGeometry = new
        guard let old, old != new else { return }
        for action in geometryActions { action(old, new) }
    }

    /// The content's rectangle that shows, in the content's own coordinates.
    var visibleContent: Rect {
        Rect(x: frame.minX - child.frame.minX, y: frame.minY - child.frame.minY, width: frame.width, height: frame.height)
    }

    /// The offset the content is placed at, in whole pixels.
    var pixelOffset: PixelOffset {
        func whole(_ v: Double) -> Int { v.isFinite ? Int(min(max(v.rounded(), -1e9), 1e9)) : 0 }
        return PixelOffset(x: horizontal ? whole(state.x.offset) : 0, y: vertical ? whole(state.y.offset) : 0)
    }

    /// The content is emitted in its own coordinates (shifted by the offset), so a scroll
    /// frame emits the same content at another offset and the renderer moves its picture.
    override func emitOperations(_ emitter: Emitter) {
        let outer = emitter.shift, offset = pixelOffset
        emitter.shift = outer + offset
        let content = emitter.collectList { child.emit(emitter) }
        emitter.shift = outer
        emitter.add(.scroll(frame.enclosingPixels, offset: offset + outer, ScrolledContent(content)), key: path)
        let opacity = showsIndicators && state.showsIndicators ? state.indicatorOpacity(at: emitter.time) : 0
        state.indicatorsShown = opacity
        guard opacity > 0 else { return }
        let paint = Paint.color(Self.indicatorColor)
        for rect in indicatorRects() {
            emitter.add(.fill(.capsule, rect, paint, opacity: opacity * emitter.opacity, shadow: nil), key: path + "#indicator")
        }
    }

    /// The indicators' rectangles: as long as the part of the content that shows, shorter
    /// while it is pulled past an edge. They start and end on whole pixels, as the content
    /// moves in whole pixels: a bar at a new fraction of a pixel every frame would be
    /// rasterized anew every frame.
    func indicatorRects() -> [Rect] {
        let content = contentSize
        var rects: [Rect] = []
        func bar(viewport: Double, content: Double, offset: Double, maximum: Double) -> (start: Double, length: Double)? {
            guard content > viewport, viewport > 0 else { return nil }
            let track = viewport - 2 * Self.indicatorInset
            let overscroll = offset < 0 ? -offset : max(offset - maximum, 0)
            let length = max(track * viewport / content - overscroll, min(Self.indicatorMinimumLength, track) / 2)
            let fraction = min(max(offset / max(maximum, 1), 0), 1)
            return ((Self.indicatorInset + (track - length) * fraction).rounded(), length.rounded())
        }
        if vertical, let (start, length) = bar(viewport: frame.height, content: content.height,
                                                offset: state.y.offset, maximum: state.y.maximum) {
            rects.append(Rect(x: frame.maxX - Self.indicatorInset - Self.indicatorThickness, y: frame.minY + start,
                              width: Self.indicatorThickness, height: length))
        }
        if horizontal, let (start, length) = bar(viewport: frame.width, content: content.width,
                                                  offset: state.x.offset, maximum: state.x.maximum) {
            rects.append(Rect(x: frame.minX + start, y: frame.maxY - Self.indicatorInset - Self.indicatorThickness,
                              width: length, height: Self.indicatorThickness))
        }
        return rects
    }

    /// True when the target last given to the engine catches touches (the content coasted).
    private(set) var catchesTouches = false

    /// The engine's target: the view's frame, with a pan along its axes. While the content
    /// coasts, a finger that lands catches it first: the buttons under it are not pressed,
    /// and the pan runs beside the catch, so the same finger can drag on.
    func target() -> GestureTarget? {
        catchesTouches = state.isCoasting
        guard isActive, frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite else { return nil }
        var pan = AttachedGesture("scroll", ScrollDragGesture(horizontal: horizontal, vertical: vertical, touchSlop: touchSlop))
        var gestures = [pan]
        if catchesTouches {
            var stop = AttachedGesture("catch", TouchDownGesture())
            stop.arbitration = .highPriority
            pan.arbitration = .simultaneous
            gestures = [stop, pan]
        }
        return GestureTarget(id: targetID, frame: frame,
                             gestures: gestures)
    }
}
