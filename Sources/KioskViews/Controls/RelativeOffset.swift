import KioskGraphics

extension View {
    /// Moves the view along x by `fraction` of the room its frame leaves beside a part
    /// `inset` wide, plus `points`: a slider's thumb at its value, a segmented control's
    /// plate at its segment. The layout stays; the offset animates like `offset`.
    func relativeOffset(_ fraction: Double, inset: Double = 0, points: Double = 0) -> some View {
        modified { RelativeOffsetNode(fraction: fraction, inset: inset, points: points, child: $0, path: $1.path) }
    }
}

/// Places its child moved by `fraction × (width − inset) + points`. The fraction, not the
/// pixels, animates, so a value change made before the first layout still lands right.
final class RelativeOffsetNode: ModifierNode {
    private(set) var fraction: Double
    private(set) var inset: Double
    private(set) var points: Double
    private var placed = AnimatableValues(0, 0)

    init(fraction: Double, inset: Double, points: Double, child: Node, path: String) {
        self.fraction = fraction.isFinite ? fraction : 0
        self.inset = inset.isFinite ? inset : 0
        self.points = points.isFinite ? points : 0
        super.init(child: child, path: path)
    }

    override var updatesInPlace: Bool { true }

    override func adopt(_ new: Node) -> Bool {
        let new = new as! RelativeOffsetNode
        guard fraction != new.fraction || inset != new.inset || points != new.points else { return false }
        (fraction, inset, points) = (new.fraction, new.inset, new.points)
        return true
    }

    override var animatableTarget: AnimatableValues? { AnimatableValues(fraction, points) }

    private func dx(_ v: AnimatableValues) -> Double { v[0] * max(frame.width - inset, 0) + v[1] }

    override func place(in rect: Rect) {
        frame = rect
        placed = AnimatableValues(fraction, points)
        child.place(in: rect.offsetBy(dx: dx(placed), dy: 0))
    }

    override func emitOperations(_ emitter: Emitter) {
        let v = emitter.animated(AnimatableValues(fraction, points), at: path)
        if v != placed {
            placed = v
            child.place(in: frame.offsetBy(dx: dx(v), dy: 0))
            child.forEachNode { $0.forgetEmission() }
        }
        child.emit(emitter)
    }
}
