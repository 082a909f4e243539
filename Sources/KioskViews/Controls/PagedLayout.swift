import KioskGraphics

/// Pages side by side, each as large as the whole, showing page `position` (a fraction
/// while a finger drags between two). The position animates: a page settles or springs
/// back with the animation of the change that set it. Right to left, the first page is the
/// rightmost.
struct PagedLayout: View, PrimitiveView {
    let pages: [AnyView]
    let position: Double
    let mirrored: Bool

    var body: Never { fatalError("PagedLayout is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let nodes = pages.enumerated().map { resolve($0.element, context.child($0.offset)) }
        return PagedNode(pages: nodes, position: position.isFinite ? position : 0, mirrored: mirrored, path: context.path)
    }
}

final class PagedNode: Node {
    private let pages: [Node]
    private let position: Double
    private let mirrored: Bool
    private var placed = 0.0

    init(pages: [Node], position: Double, mirrored: Bool, path: String) {
        self.pages = pages
        self.position = position
        self.mirrored = mirrored
        super.init(path: path)
    }

    override var children: [Node] { pages }
    override var retainsEmission: Bool { true }
    override var animatableTarget: AnimatableValues? { AnimatableValues(position) }

    override func measure(_ proposal: ProposedSize) -> Size {
        func length(_ offered: Double?) -> Double { offered.map { $0.isFinite ? $0 : 0 } ?? 10 }
        return Size(width: length(proposal.width), height: length(proposal.height))
    }

    override func place(in rect: Rect) {
        frame = rect
        placed = position
        placePages(at: position)
    }

    private func placePages(at position: Double) {
        for (i, page) in pages.enumerated() {
            let step = mirrored ? position - Double(i) : Double(i) - position
            page.place(in: Rect(x: frame.minX + step * frame.width, y: frame.minY,
                                width: frame.width, height: frame.height))
        }
    }

    override func emitOperations(_ emitter: Emitter) {
        let v = emitter.animated(AnimatableValues(position), at: path)[0]
        if v != placed {
            placed = v
            placePages(at: v)
            for page in pages { page.forEachNode { $0.forgetEmission() } }
        }
        // Only the pages in view draw.
        for (i, page) in pages.enumerated() where abs(Double(i) - v) < 1 { page.emit(emitter) }
    }
}
