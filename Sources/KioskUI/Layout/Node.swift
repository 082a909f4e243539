import KioskGraphics

/// A size offered to a view: nil asks for its ideal size, infinity for its largest.
public struct ProposedSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public init(_ size: Size) { self.init(width: size.width, height: size.height) }

    public static let unspecified = ProposedSize(width: nil, height: nil)

    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    static func along(_ axis: Axis, _ main: Double?, cross: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }
}

extension Size {
    subscript(axis: Axis) -> Double { axis == .horizontal ? width : height }

    static func along(_ axis: Axis, _ main: Double, cross: Double) -> Size {
        axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}

/// A resolved view: it answers the size it wants for a proposal (the parent proposes, the
/// child answers), takes the frame its parent gives it, and emits draw operations.
/// Frames are in screen coordinates once `place(in:)` has run.
class Node {
    /// The view's structural path: stable across updates, it keys damage and animations.
    let path: String
    var frame = Rect.zero

    init(path: String) { self.path = path }

    var children: [Node] { [] }

    /// Spacers give way first and are not separated by stack spacing from each other.
    var isSpacer: Bool { false }

    /// The size for `proposal`, remembered: a parent asks the same question several times
    /// (flexibility probes, then sizing, then placing), and nested stacks multiply that.
    final func sizeThatFits(_ proposal: ProposedSize) -> Size {
        for entry in measured where entry.proposal == proposal { return entry.size }
        let size = measure(proposal)
        if measured.count == 6 { measured.removeFirst() }
        measured.append((proposal, size))
        return size
    }

    /// The last few answers: a layout pass asks each node only a handful of questions.
    private var measured: [(proposal: ProposedSize, size: Size)] = []

    /// The size this node wants for `proposal`; subclasses answer it.
    func measure(_ proposal: ProposedSize) -> Size { .zero }

    /// Takes `rect` and places the children inside it.
    func place(in rect: Rect) { frame = rect }

    func emit(_ emitter: Emitter) {
        for child in children { child.emit(emitter) }
    }

    /// Every node below this one, depth first, this one included.
    func forEachNode(_ body: (Node) -> Void) {
        body(self)
        for child in children { child.forEachNode(body) }
    }
}

/// A node that wraps one child and lays it out in its own frame unless it says otherwise.
class ModifierNode: Node {
    var child: Node

    init(child: Node, path: String) {
        self.child = child
        super.init(path: path)
    }

    override var children: [Node] { [child] }
    override var isSpacer: Bool { child.isSpacer }

    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func place(in rect: Rect) {
        super.place(in: rect)
        child.place(in: rect)
    }
}
