import KioskGraphics

/// A move in whole pixels: a scroll view's offset, or how far its picture moves.
public struct PixelOffset: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let zero = PixelOffset(x: 0, y: 0)

    static func + (a: PixelOffset, b: PixelOffset) -> PixelOffset { PixelOffset(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: PixelOffset, b: PixelOffset) -> PixelOffset { PixelOffset(x: a.x - b.x, y: a.y - b.y) }
    static prefix func - (a: PixelOffset) -> PixelOffset { PixelOffset(x: -a.x, y: -a.y) }
    static func -= (a: inout PixelOffset, b: PixelOffset) { a = a - b }
}

/// What a scroll view draws, in the content's own coordinates: where it would be at offset
/// zero. Scrolling leaves it the same and changes only the offset it is drawn at, so a
/// scroll frame compares equal content and moves the picture instead of drawing it again.
public final class ScrolledContent: Hashable {
    let list: DisplayList
    /// Where the content draws, in its own coordinates.
    let extent: PixelRect

    init(_ list: DisplayList) {
        self.list = list
        extent = list.runs.reduce(PixelRect.zero) { $0.union($1.extent) }
    }

    public static func == (a: ScrolledContent, b: ScrolledContent) -> Bool { a === b || a.list == b.list }

    /// Cheap on purpose: equal content has the same extent and length, and comparing does the rest.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(extent)
        hasher.combine(list.runs.count)
    }
}

/// A scroll view whose picture moves by (`dx`, `dy`) this frame: the renderer moves what
/// the canvas shows inside `clip` and draws only what that leaves out (`ScrollMove`s come
/// from `DisplayList.changes(since:within:)`).
struct ScrollMove: Equatable {
    let clip: PixelRect
    let dx: Int
    let dy: Int
}

extension DrawOp {
    /// The same operation `offset` further right and down.
    func shifted(by offset: PixelOffset) -> DrawOp {
        guard offset != .zero else { return self }
        let (dx, dy) = (Double(offset.x), Double(offset.y))
        switch self {
        case let .fill(shape, rect, paint, opacity, shadow):
            return .fill(shape, rect.offsetBy(dx: dx, dy: dy), paint, opacity: opacity, shadow: shadow)
        case let .border(shape, rect, lineWidth, paint, opacity):
            return .border(shape, rect.offsetBy(dx: dx, dy: dy), lineWidth: lineWidth, paint, opacity: opacity)
        case let .text(text, rect):
            return .text(text, rect.offsetBy(dx: dx, dy: dy))
        case let .image(image, rect, opacity):
            return .image(image, rect.offsetBy(dx: dx, dy: dy), opacity: opacity)
        case let .scaled(scale, anchor, group):
            return .scaled(scale, anchor: Point(x: anchor.x + dx, y: anchor.y + dy), group.shifted(by: offset))
        case let .layer(effect, group):
            return .layer(effect.shifted(dx: dx, dy: dy), group.shifted(by: offset))
        case let .scroll(clip, scrollOffset, content):
            // The content stays in its own coordinates; the offset to them takes the move.
            return .scroll(PixelRect(x: clip.x + offset.x, y: clip.y + offset.y, width: clip.width, height: clip.height),
                           offset: scrollOffset - offset, content)
        }
    }
}

extension DrawGroup {
    func shifted(by offset: PixelOffset) -> DrawGroup { DrawGroup(ops.map { $0.shifted(by: offset) }) }
}

extension LayerEffect {
    /// The effect for a group moved by (`dx`, `dy`): its mask moves along, and its transform
    /// maps the moved points where it mapped the old ones, moved.
    func shifted(dx: Double, dy: Double) -> LayerEffect {
        var moved = self
        if let mask { moved.mask = Mask(shape: mask.shape, rect: mask.rect.offsetBy(dx: dx, dy: dy)) }
        let t = transform
        moved.transform.tx = t.tx + dx - (t.a * dx + t.c * dy)
        moved.transform.ty = t.ty + dy - (t.b * dx + t.d * dy)
        return moved
    }
}
