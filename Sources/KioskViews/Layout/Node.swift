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
@usableFromInline class Node {
    /// The view's structural path: stable across updates, it keys damage and animations.
    @usableFromInline let path: String
    /// Where the node is; a node that moves drops what it emitted where it was.
    var frame: Rect {
        get { placedFrame }
        set {
            if newValue != placedFrame { forgetEmission() }
            placedFrame = newValue
        }
    }
    private var placedFrame = Rect.zero

    init(path: String) { self.path = path }

    /// The path as animation tables key it, its hash worked out once (`PathKey`).
    final lazy var pathKey = PathKey(path)

    var children: [Node] { [] }

    /// How many children there are, and each by its index: what comparing a fresh subtree
    /// with the one shown asks of it, without making lists of children that are dropped with
    /// it. A kind that overrides `children` keeps these in step.
    @usableFromInline var childCount: Int { children.count }
    @usableFromInline func childNode(at index: Int) -> Node { children[index] }

    /// What of this node's look can animate, as numbers (nil: nothing).
    var animatableTarget: AnimatableValues? { nil }

    /// True for a view that changes on every frame while shown (a spinner): the host asks
    /// for frames as long as one is on screen.
    var animatesContinuously: Bool { false }

    /// Spacers give way first and are not separated by stack spacing from each other.
    var isSpacer: Bool { false }

    /// Siblings draw in `zIndex` order (`zIndex(_:)`), equal ones in their own order.
    var zIndex: Double { 0 }

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

    /// Drops the remembered sizes (the node's properties changed).
    func forgetMeasurements() { measured.removeAll(keepingCapacity: true) }

    /// The size this node wants for `proposal`; subclasses answer it.
    func measure(_ proposal: ProposedSize) -> Size { .zero }

    /// Takes `rect` and places the children inside it.
    func place(in rect: Rect) { frame = rect }

    /// Moves this subtree by whole pixels without laying it out again: a scroll frame moves
    /// the rows it placed before. What the nodes emitted stays theirs, since the content
    /// around them is emitted as much further back (`Emitter.shift`).
    final func translate(by offset: PixelOffset) {
        guard offset != .zero else { return }
        placedFrame = placedFrame.offsetBy(dx: Double(offset.x), dy: Double(offset.y))
        // Modified in place: reading it first would copy it, retaining what it holds.
        emission?.shift -= offset
        translateOwnGeometry(by: offset)
        for child in children { child.translate(by: offset) }
    }

    /// Moves what else the node keeps in screen coordinates, besides its frame and children.
    func translateOwnGeometry(by offset: PixelOffset) {}

    /// True for the kinds of node that take a new resolution's properties in place
    /// (`update(to:)`); the others are replaced when their view is resolved again.
    @usableFromInline var updatesInPlace: Bool { false }

    /// Takes the properties of `new`, the same view resolved again (same type and path);
    /// true when one of them changed. Kinds that update in place override it.
    func adopt(_ new: Node) -> Bool { true }

    /// True for kinds whose adopted properties never change their size or their
    /// children's (an offset, a gesture): adopting them keeps every measurement above.
    var adoptionKeepsSize: Bool { false }

    /// `adopt` for one property: takes `new`'s value into `mine`; true when it differed.
    /// (Plain `inout` rather than a key path: key path access showed in every frame of a drag.)
    static func adopt<Value: Equatable>(_ mine: inout Value, _ new: Value) -> Bool {
        guard mine != new else { return false }
        mine = new
        return true
    }

    /// Nodes with children keep what their subtree emitted (`emission`): a frame emits
    /// afresh only the way down to what changed, and hands on the rest.
    var retainsEmission: Bool { false }

    /// What this subtree emitted last, while it holds; the host drops it on the nodes
    /// along the path of anything it replaces (`forEachNode(along:)`).
    @exclusivity(unchecked) var emission: RetainedEmission?

    /// Drops what this subtree emitted. Asked first: most nodes on the way to a changed
    /// view keep nothing (a modifier chain keeps it at its outermost link), and dropping
    /// nothing still costs a walk of the optional's layout.
    final func forgetEmission() {
        if emission != nil { emission = nil }
    }

    /// Emits this subtree's draw operations.
    final func emit(_ emitter: Emitter) {
        if emitter.animations.transitions.isEmpty { emitPlainly(emitter) } else { emitter.emitTransitioning(self) }
    }

    /// Emits this subtree as it is, whatever transition it is in.
    final func emitPlainly(_ emitter: Emitter) {
        if retainsEmission { emitter.emitRetaining(self) } else { emitOperations(emitter) }
    }

    /// The draw operations of this node and its children; subclasses that draw override it.
    func emitOperations(_ emitter: Emitter) {
        // An only child needs no ordering, and its zIndex is asked down its chain of modifiers.
        guard childCount > 1 else {
            forEachChild { $0.emit(emitter) }
            return
        }
        let children = self.children
        guard children.contains(where: { $0.zIndex != 0 }) else {
            for child in children { child.emit(emitter) }
            return
        }
        let order = children.indices.sorted { (children[$0].zIndex, $0) < (children[$1].zIndex, $1) }
        for i in order { children[i].emit(emitter) }
    }

    /// Calls `body` for this node and every node below it on the way to `path` (paths
    /// extend their parent's), outermost first: the nodes whose subtree holds `path`.
    final func forEachNode(along path: String, _ body: (Node) -> Void) {
        // Paths are compared as bytes: a structural path extends its parent's byte for byte,
        // and a key press walks this way to its key past every sibling.
        var path = path
        path.withUTF8 { forEachNode(along: $0, body) }
    }

    private func forEachNode(along path: UnsafeBufferPointer<UInt8>, _ body: (Node) -> Void) {
        guard self.path.utf8.withContiguousStorageIfAvailable({ Self.starts(path, with: $0) })
                ?? path.starts(with: self.path.utf8) else { return }
        body(self)
        forEachChild { $0.forEachNode(along: path, body) }
    }

    /// True when `bytes` starts with `prefix`. Compared from the end: siblings' paths share
    /// all but their last components.
    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, with prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        guard prefix.count <= bytes.count else { return false }
        var i = prefix.count
        while i > 0 {
            i -= 1
            if prefix[i] != bytes[i] { return false }
        }
        return true
    }

    /// Every node below this one, depth first, this one included.
    func forEachNode(_ body: (Node) -> Void) {
        body(self)
        forEachChild { $0.forEachNode(body) }
    }

    /// Calls `body` with each child. A modifier's one child is handed over as it is, not
    /// in the array `children` makes, and without being retained for the call: the walks
    /// of every frame pass through chains of them.
    final func forEachChild(_ body: (Node) -> Void) {
        if let soleChild {
            soleChild._withUnsafeGuaranteedRef(body)
        } else if childCount == 1 {
            body(childNode(at: 0))
        } else {
            for child in children { body(child) }
        }
    }

    /// A modifier's child, unretained: the modifier holds it (`ModifierNode.child`) and sets
    /// this whenever it takes another, so it is valid while the modifier has it.
    fileprivate(set) final var soleChild: Unmanaged<Node>?
}

/// A node that wraps one child and lays it out in its own frame unless it says otherwise.
@usableFromInline class ModifierNode: Node {
    /// Final, so the frame's walks down chains of modifiers read it without a call.
    @usableFromInline final var child: Node {
        didSet {
            noteSoleChild()
            childList = nil
            childFollowsPath = nil
            if childIsChainLink { (child as? ModifierNode)?.isChainLink = true }
            childDidChange()
        }
    }

    /// Hands walks the child without retaining it, unless the kind has other children too
    /// (a background's decoration).
    private func noteSoleChild() {
        heldChild = Unmanaged.passUnretained(child)
        soleChild = childCount == 1 ? heldChild : nil
    }

    /// `child`, unretained, set with it.
    @usableFromInline final var heldChild: Unmanaged<Node>

    /// Calls `body` with the child without retaining it for the call: the modifier holds it.
    /// Layout and updates reach the child of every modifier in a chain on every frame.
    @inlinable final func withChild<Result>(_ body: (Node) -> Result) -> Result {
        heldChild._withUnsafeGuaranteedRef(body)
    }

    /// Called when `child` is replaced; a kind that keeps something of it updates that.
    func childDidChange() {}
    /// Whether the child's path is this node's extended by `childComponent`, once asked.
    private var childFollowsPath: Bool?
    /// `[child]`, kept once asked for: frames walk the tree often enough that a new array
    /// each time shows, and a subtree resolved only to be compared and dropped never asks.
    private var childList: [Node]?
    /// True below another modifier: the chain's outermost link keeps what the chain
    /// emitted, and a change anywhere in the chain makes it emit again, so the links inside
    /// keeping theirs too would only cost a frame that changes one of them.
    private var isChainLink = false

    init(child: Node, path: String) {
        self.child = child
        heldChild = Unmanaged.passUnretained(child)
        super.init(path: path)
        noteSoleChild()
        if childIsChainLink { (child as? ModifierNode)?.isChainLink = true }
    }

    /// How the path of the child a view resolves below this node extends this one's.
    class var childComponent: String { ResolveContext.firstComponent }

    /// Where the child is shown again, for a `context` at this node's path: the child's own
    /// path when it is the one a view resolved there, so showing a chain of modifiers again
    /// (a drag's every frame) builds no path strings.
    @usableFromInline final func childContext(_ context: ResolveContext) -> ResolveContext {
        if childFollowsPath == nil { childFollowsPath = child.path == path + Self.childComponent }
        return ResolveContext(environment: context.environment, path: childFollowsPath == true ? child.path : path + Self.childComponent,
                              session: context.session, stackAxis: context.stackAxis)
    }

    /// False for a node whose child keeps what it emitted on its own: one that swaps it for
    /// another kept child (a button's pressed and released looks).
    var childIsChainLink: Bool { true }

    override var children: [Node] {
        if let childList { return childList }
        let list = [child]
        childList = list
        return list
    }

    @usableFromInline override var childCount: Int { 1 }
    @usableFromInline override func childNode(at index: Int) -> Node { child }
    override var retainsEmission: Bool { !isChainLink }
    override var isSpacer: Bool { child.isSpacer }
    override var zIndex: Double { child.zIndex }

    override func measure(_ proposal: ProposedSize) -> Size { withChild { $0.sizeThatFits(proposal) } }

    override func place(in rect: Rect) {
        super.place(in: rect)
        withChild { $0.place(in: rect) }
    }
}
