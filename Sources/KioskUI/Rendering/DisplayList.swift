import KioskGraphics
import KioskGestures

/// An image in a display list; two are equal when they are the same pixels object.
public struct ImageRef: Hashable {
    public let canvas: Canvas

    public init(_ canvas: Canvas) { self.canvas = canvas }

    public static func == (a: ImageRef, b: ImageRef) -> Bool { a.canvas === b.canvas }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(canvas)) }
}

/// One drawing step, in screen coordinates, with its opacity folded in.
public indirect enum DrawOp: Hashable {
    case fill(Shape, Rect, Paint, opacity: Double, shadow: Shadow?)
    case border(Shape, Rect, lineWidth: Double, Paint, opacity: Double)
    case text(StyledText, Rect)
    case image(ImageRef, Rect, opacity: Double)
    /// Operations drawn unscaled and then scaled about `anchor` (a pressed button at 95%).
    case scaled(Double, anchor: Point, [DrawOp])

    /// The pixels the operation can touch.
    public var bounds: PixelRect {
        switch self {
        case let .fill(_, rect, _, _, shadow):
            let r = rect.enclosingPixels
            guard let shadow, shadow.extent > 0 else { return r }
            let e = shadow.extent
            let moved = PixelRect(x: r.x - e + Int(shadow.x.rounded(.down)), y: r.y - e + Int(shadow.y.rounded(.down)),
                                  width: r.width + 2 * e + 1, height: r.height + 2 * e + 1)
            return r.union(moved)
        case let .border(_, rect, _, _, _), let .image(_, rect, _):
            return rect.enclosingPixels
        case let .text(_, rect):
            // Glyph ink may overhang the line box a little (italics, accents).
            return rect.enclosingPixels.insetBy(dx: -2, dy: -2)
        case let .scaled(scale, anchor, ops):
            let inner = Self.bounds(of: ops)
            guard !inner.isEmpty else { return inner }
            let rect = inner.rect
            let scaled = Rect(x: anchor.x + (rect.minX - anchor.x) * scale, y: anchor.y + (rect.minY - anchor.y) * scale,
                              width: rect.width * scale, height: rect.height * scale)
            return scaled.enclosingPixels.insetBy(dx: -1, dy: -1)
        }
    }

    /// False for geometry no canvas can take (infinite or absurd sizes from a bad frame or
    /// padding): such operations are dropped rather than drawn.
    var isDrawable: Bool {
        func sane(_ v: Double) -> Bool { v.isFinite && abs(v) < 10_000_000 }
        switch self {
        case let .fill(_, r, _, _, _), let .border(_, r, _, _, _), let .text(_, r), let .image(_, r, _):
            return sane(r.minX) && sane(r.minY) && sane(r.width) && sane(r.height)
        case let .scaled(scale, anchor, _):
            return scale.isFinite && scale > 0 && sane(anchor.x) && sane(anchor.y)
        }
    }

    static func bounds(of ops: [DrawOp]) -> PixelRect {
        ops.reduce(PixelRect.zero) { partial, op in
            let b = op.bounds
            return partial.isEmpty ? b : (b.isEmpty ? partial : partial.union(b))
        }
    }
}

/// What the UI draws, in painting order. Each item is keyed by the view that emitted it,
/// so two lists can be compared view by view.
public struct DisplayList: Equatable {
    public struct Item: Hashable {
        public var key: String
        public var op: DrawOp
    }

    public var items: [Item] = []

    public init(items: [Item] = []) { self.items = items }

    /// The pixels that differ between `old` and this list: for every view whose operations
    /// changed (or that came or went), where it was and where it is.
    public func damage(since old: DisplayList) -> Region {
        // Usually the same views drew in the same order: compare item by item.
        if old.items.count == items.count, zip(old.items, items).allSatisfy({ $0.key == $1.key }) {
            var region = Region()
            for (before, after) in zip(old.items, items) where before.op != after.op {
                region.formUnion(before.op.bounds)
                region.formUnion(after.op.bounds)
            }
            return region
        }
        func grouped(_ list: DisplayList) -> [String: [DrawOp]] {
            var groups: [String: [DrawOp]] = [:]
            for item in list.items { groups[item.key, default: []].append(item.op) }
            return groups
        }
        let before = grouped(old), after = grouped(self)
        var region = Region()
        for (key, ops) in after where before[key] != ops {
            for op in ops { region.formUnion(op.bounds) }
            for op in before[key] ?? [] { region.formUnion(op.bounds) }
        }
        for (key, ops) in before where after[key] == nil {
            for op in ops { region.formUnion(op.bounds) }
        }
        return region
    }
}

/// Collects draw operations while nodes emit, applying the opacity and shadow of the
/// modifiers above and sampling running animations at the frame's time.
final class Emitter {
    private(set) var items: [DisplayList.Item] = []
    var opacity = 1.0
    var shadow: Shadow?
    let animations: AnimationTracks
    let time: Microseconds

    init(animations: AnimationTracks, time: Microseconds) {
        self.animations = animations
        self.time = time
    }

    func add(_ op: DrawOp, key: String) {
        if op.isDrawable { items.append(.init(key: key, op: op)) }
    }

    /// The value an animatable node shows now: its target, or where its animation is.
    func animated(_ target: [Double], at path: String) -> [Double] {
        animations.value(at: path, target: target, time: time)
    }

    /// Runs `body` collecting its operations apart, and returns them.
    func collect(_ body: () -> Void) -> [DrawOp] {
        let saved = items
        items = []
        body()
        let ops = items.map(\.op)
        items = saved
        return ops
    }

    var displayList: DisplayList { DisplayList(items: items) }
}
