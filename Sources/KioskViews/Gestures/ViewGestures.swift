import KioskGestures

/// How a view's gesture competes with the others under the finger.
@usableFromInline enum GesturePriority {
    /// `.gesture`: claims the touch like any recognizer; a subview's gesture that claims
    /// at the same time wins.
    case normal
    /// `.simultaneousGesture`: runs alongside the others (a button's action, a drag).
    case simultaneous
    /// `.highPriorityGesture`: sees the touch before its subviews' gestures and buttons,
    /// and cancels them when it claims or succeeds.
    case high
}

/// A gesture attached to a view; inlinable for the reason `ModifiedView` gives.
@usableFromInline struct GestureModifierView<Content: View, G: Gesture>: View, PrimitiveView {
    @usableFromInline let content: Content
    /// Makes the engine's gesture, reporting in the geometry given. Made here, where the
    /// body attaches the gesture and its types are known, so its recognizers run code
    /// specialized for them.
    @usableFromInline let make: (GestureGeometry) -> EngineGesture<Bool>
    @usableFromInline let priority: GesturePriority
    @usableFromInline let mask: GestureMask

    @inlinable init(content: Content, gesture: G, priority: GesturePriority, mask: GestureMask) {
        (self.content, self.priority, self.mask) = (content, priority, mask)
        make = { engineGesture(gesture, $0).mapped { _ in true } }
    }

    @usableFromInline var body: Never { fatalError("GestureModifierView is primitive") }

    @usableFromInline func makeNode(_ context: ResolveContext) -> Node {
        makeNode(around: resolve(content, contentContext(context.child(0))), context)
    }

    /// The gesture's node around `child`, its content's.
    @usableFromInline func makeNode(around child: Node, _ context: ResolveContext) -> Node {
        let (geometry, entry) = context.session.store.storedEntry(context.path + "#geometry") { GestureGeometry() }
        let (kind, arbitration, isActive) = definition(context)
        return GestureNode(kind: kind, arbitration: arbitration, isActive: isActive, geometry: geometry,
                           geometryEntry: entry, make: make, child: child, path: context.path)
    }

    @inlinable static func _update(_ view: Self, in place: _ViewPlace) -> _ViewPlaceResult {
        _ViewPlaceResult(view.update(place.node, place.context))
    }

    /// The content is shown in the child there is, then the gesture node takes the new
    /// gesture.
    @inlinable func update(_ node: Node, _ context: ResolveContext) -> InPlaceResult {
        guard let node = node as? GestureNode, node.path == context.path else { return .replaced(makeNode(context)) }
        switch updateInPlace(node.child, with: content, contentContext(node.childContext(context))) {
        case .updated(let below): return .updated(node.finishUpdate(adopted: adopt(into: node, context), below: below))
        case .replaced(let child): return .replaced(makeNode(around: child, context))
        }
    }

    /// Gives `node` this gesture; true when what it registers changed.
    @usableFromInline func adopt(into node: GestureNode, _ context: ResolveContext) -> Bool {
        context.session.store.keep(node.geometryEntry)
        let (kind, arbitration, isActive) = definition(context)
        return node.take(kind: kind, arbitration: arbitration, isActive: isActive, make: make)
    }

    /// The content's context, given the one below the gesture's node (`inner`).
    @usableFromInline func contentContext(_ inner: ResolveContext) -> ResolveContext {
        var inner = inner
        if !mask.contains(.subviews) { inner.environment.subviewGesturesEnabled = false }
        return inner
    }

    /// What the gesture node holds besides the maker: the gesture's kind, how it
    /// arbitrates and whether it can fire here.
    private func definition(_ context: ResolveContext) -> (Any.Type, GestureArbitration, Bool) {
        let environment = context.environment
        let isActive = mask.contains(.gesture) && environment.subviewGesturesEnabled && environment.isEnabled
            && environment.allowsHitTesting
        let arbitration: GestureArbitration = switch priority {
        case .normal: .normal
        case .simultaneous: .simultaneous
        case .high: .highPriority
        }
        return (G.self, arbitration, isActive)
    }
}

/// A view with a gesture: a target of the gesture engine with the view's frame (or the
/// `contentShape` inside it), registered under `"gesture" + path`.
@usableFromInline final class GestureNode: ModifierNode {
    /// The gesture's type: its name names the engine's gesture, made only when registering
    /// (a type's name is spelled out anew each time it is asked for).
    private(set) var kind: Any.Type
    private(set) var arbitration: GestureArbitration
    private(set) var isActive: Bool
    let geometry: GestureGeometry
    /// Where the store keeps `geometry`: the node marks it in use each time it is shown again.
    let geometryEntry: StoreEntry
    /// The gesture's newest definition, which the registered target follows.
    private let maker: GestureMaker
    /// The frame the engine's target was made for; nil when it needs making again.
    private var registeredFrame: Rect?

    init(kind: Any.Type, arbitration: GestureArbitration, isActive: Bool, geometry: GestureGeometry, geometryEntry: StoreEntry,
         make: @escaping (GestureGeometry) -> EngineGesture<Bool>, child: Node, path: String) {
        self.kind = kind
        self.arbitration = arbitration
        self.isActive = isActive
        self.geometry = geometry
        self.geometryEntry = geometryEntry
        maker = GestureMaker(make, geometry: geometry)
        super.init(child: child, path: path)
    }

    var targetID: String { "gesture" + path }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool {
        let new = new as! GestureNode
        return take(kind: new.kind, arbitration: new.arbitration, isActive: new.isActive, make: new.maker.make)
    }

    /// Takes the gesture's newest definition; true when its kind, arbitration or activity
    /// changed (then the engine's target is made again).
    func take(kind: Any.Type, arbitration: GestureArbitration, isActive: Bool,
              make: @escaping (GestureGeometry) -> EngineGesture<Bool>) -> Bool {
        maker.replace(make)
        guard kind != self.kind || arbitration != self.arbitration || isActive != self.isActive else { return false }
        (self.kind, self.arbitration, self.isActive) = (kind, arbitration, isActive)
        registeredFrame = nil
        return true
    }

    /// What a gesture is and whether it is active leave the view's size alone.
    override var adoptionKeepsSize: Bool { true }

    /// True when the engine's target no longer matches the node (it moved, or its kind
    /// of gesture or its activity changed).
    var needsRegistration: Bool { registeredFrame != frame }

    /// The engine's target, or nil when the gesture cannot fire: it is masked out or
    /// disabled, or the view has no area (a zero-size view never takes a touch).
    func target(namedFrames: [String: Rect]) -> GestureTarget? {
        registeredFrame = frame
        guard isActive, frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite else { return nil }
        geometry.frame = frame
        geometry.namedFrames = namedFrames
        var found: ContentShapeNode?
        child.forEachNode { node in
            if found == nil, let shaped = node as? ContentShapeNode { found = shaped }
        }
        let (shape, rect) = found.map { ($0.shape, $0.frame) } ?? (.rectangle, frame)
        var attached = AttachedGesture("\(kind)", RenewingGesture(maker: maker))
        attached.arbitration = arbitration
        return GestureTarget(id: targetID, frame: frame,
                             hitTest: { shape.contains(Point(x: $0.x, y: $0.y), in: rect) }, gestures: [attached])
    }
}

/// A view that names its frame as a coordinate space (`.coordinateSpace(name:)`).
final class CoordinateSpaceNode: ModifierNode {
    let name: String

    init(name: String, child: Node, path: String) {
        self.name = name
        super.init(child: child, path: path)
    }
}

extension Node {
    /// The buttons and view gestures of this tree in the order the engine stacks them,
    /// bottom first: a view's gesture under its subviews' targets, a high-priority one
    /// over them.
    func touchTargets() -> [Node] {
        var order: [Node] = []
        func walk(_ node: Node) {
            let isHigh = (node as? GestureNode)?.arbitration == .highPriority
            if (node as? PressableNode)?.isHitTestable == true || (node is GestureNode && !isHigh) || node is ScrollNode {
                order.append(node)
            }
            for child in node.children { walk(child) }
            if isHigh { order.append(node) }
        }
        walk(self)
        return order
    }

    /// The frames of the named coordinate spaces of this tree.
    func namedCoordinateSpaces() -> [String: Rect] {
        var frames: [String: Rect] = [:]
        forEachNode { if let named = $0 as? CoordinateSpaceNode { frames[named.name] = named.frame } }
        return frames
    }
}

extension View {
    /// Attaches `gesture`; `mask` says whether it and the subviews' gestures take part.
    @inlinable public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        GestureModifierView(content: self, gesture: gesture, priority: .normal, mask: mask)
    }

    /// Attaches `gesture` to run alongside every other gesture (a button's action too).
    @inlinable public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        GestureModifierView(content: self, gesture: gesture, priority: .simultaneous, mask: mask)
    }

    /// Attaches `gesture` ahead of the subviews' gestures and buttons.
    @inlinable public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        GestureModifierView(content: self, gesture: gesture, priority: .high, mask: mask)
    }

    /// Runs `action` after `count` taps.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        gesture(TapGesture(count: count).onEnded { action() })
    }

    /// Runs `action` with where the last of `count` taps landed, in `coordinateSpace`.
    public func onTapGesture(count: Int = 1, coordinateSpace: some CoordinateSpaceProtocol = .local,
                             perform action: @escaping (CGPoint) -> Void) -> some View {
        gesture(SpatialTapGesture(count: count, coordinateSpace: coordinateSpace.coordinateSpace).onEnded { action($0.location) })
    }

    /// Runs `action` when held `minimumDuration` seconds; `onPressingChanged` is told when
    /// the press starts and stops.
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> some View {
        gesture(LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance)
            .observingPress(onPressingChanged).onEnded { _ in action() })
    }

    /// The older form: `pressing` is told when the press starts and stops.
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   pressing: ((Bool) -> Void)? = nil, perform action: @escaping () -> Void) -> some View {
        onLongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance, perform: action,
                           onPressingChanged: pressing)
    }

    /// Names this view's frame as a coordinate space for the gestures inside.
    public func coordinateSpace(name: AnyHashable) -> some View {
        modified { CoordinateSpaceNode(name: String(describing: name), child: $0, path: $1.path) }
    }

    /// The shape that takes touches for the button or the gestures of this view.
    public func contentShape<S: ShapeView>(_ shape: S) -> some View { contentShape(shape.shape) }
}

/// A long press that tells `pressing` when the press starts (true) and stops (false).
struct PressObservingGesture: Gesture, PrimitiveGesture {
    typealias Value = Bool
    let base: LongPressGesture
    let pressing: ((Bool) -> Void)?

    var body: Never { fatalError("PressObservingGesture is primitive") }

    func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        let pressing = self.pressing
        let isPressing = PressFlag()
        return engineGesture(base, geometry).observing { phase in
            let now: Bool
            if case .changed = phase { now = true } else { now = false }
            guard now != isPressing.value else { return }
            isPressing.value = now
            pressing?(now)
        }
    }
}

final class PressFlag {
    var value = false
}

extension LongPressGesture {
    func observingPress(_ pressing: ((Bool) -> Void)?) -> PressObservingGesture {
        PressObservingGesture(base: self, pressing: pressing)
    }
}

/// A tap that reports where it landed (SwiftUI's `SpatialTapGesture`).
public struct SpatialTapGesture: Gesture, PrimitiveGesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
    }

    public var count: Int
    public var coordinateSpace: CoordinateSpace

    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.count = count
        self.coordinateSpace = coordinateSpace
    }

    public var body: Never { fatalError("SpatialTapGesture is primitive") }

    @usableFromInline func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        let space = coordinateSpace
        return EngineGesture(KioskGestures.TapGesture(count: count)).mapped { Value(location: geometry.point($0.location, in: space)) }
    }
}

/// A coordinate space as a value of its own type (SwiftUI's newer API): `.local`,
/// `.global`, `.named(_:)`.
public protocol CoordinateSpaceProtocol {
    var coordinateSpace: CoordinateSpace { get }
}

extension CoordinateSpace: CoordinateSpaceProtocol {
    public var coordinateSpace: CoordinateSpace { self }
}

public struct LocalCoordinateSpace: CoordinateSpaceProtocol {
    public init() {}
    public var coordinateSpace: CoordinateSpace { .local }
}

public struct GlobalCoordinateSpace: CoordinateSpaceProtocol {
    public init() {}
    public var coordinateSpace: CoordinateSpace { .global }
}

public struct NamedCoordinateSpace: CoordinateSpaceProtocol {
    let name: AnyHashable
    public var coordinateSpace: CoordinateSpace { .named(name) }
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { NamedCoordinateSpace(name: AnyHashable(name)) }
}
