/// A set of whole pixels kept as disjoint rectangles: a frame's damage.
public struct Region: Sendable, CustomStringConvertible {
    /// Disjoint, non-empty rectangles; their order carries no meaning.
    public private(set) var rects: [PixelRect] = []

    public init() {}

    public init(_ rect: PixelRect) {
        if !rect.isEmpty { rects = [rect] }
    }

    /// The pixels of `rect` outside `cut`, in up to four bands, with room for them made
    /// at once: a moved view's damage is its two places less what both cover.
    public init(_ rect: PixelRect, subtracting cut: PixelRect) {
        rects.reserveCapacity(4)
        rect.subtract(cut, appendingTo: &rects)
    }

    public init(_ rects: [PixelRect]) {
        self.rects.reserveCapacity(rects.count)
        for r in rects { formUnion(r) }
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// Makes room for `count` rectangles at once, for a union of several.
    public mutating func reserveCapacity(_ count: Int) { rects.reserveCapacity(count) }

    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    public var bounds: PixelRect { rects.reduce(PixelRect.zero) { $0.union($1) } }

    public func contains(x: Int, y: Int) -> Bool {
        rects.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
    }

    public mutating func formUnion(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        if !rects.contains(where: { !$0.intersection(rect).isEmpty }) {
            rects.append(rect)
            return
        }
        if rects.contains(where: { $0.contains(rect) }) { return }
        rects.removeAll { rect.contains($0) }
        // Two buffers swapped per rectangle cut away: a union runs in every frame's damage.
        var pieces = [rect], next: [PixelRect] = []
        for existing in rects {
            next.removeAll(keepingCapacity: true)
            for piece in pieces { piece.subtract(existing, appendingTo: &next) }
            swap(&pieces, &next)
            if pieces.isEmpty { return }
        }
        rects += pieces
    }

    /// Adds every rectangle of `rects`, making room for them at once: a frame's damage is
    /// a handful of pieces, and growing the list a piece at a time reallocates it.
    public mutating func formUnion(_ rects: [PixelRect]) {
        self.rects.reserveCapacity(self.rects.count + rects.count)
        for rect in rects { formUnion(rect) }
    }

    public mutating func formUnion(_ other: Region) {
        // The first damage of a frame is taken as it is, not rebuilt a rectangle at a time.
        guard !isEmpty else { return self = other }
        for r in other.rects { formUnion(r) }
    }

    public func union(_ rect: PixelRect) -> Region {
        var copy = self
        copy.formUnion(rect)
        return copy
    }

    public func union(_ other: Region) -> Region {
        var copy = self
        copy.formUnion(other)
        return copy
    }

    public func intersection(_ rect: PixelRect) -> Region {
        // A frame's damage is clipped to the screen it already lies in: then it is kept as it is.
        guard rects.contains(where: { !rect.contains($0) }) else { return self }
        // Room made at once: grown a piece at a time, a frame's damage list reallocates.
        var result = Region()
        result.rects.reserveCapacity(rects.count)
        for r in rects {
            let clipped = r.intersection(rect)
            if !clipped.isEmpty { result.rects.append(clipped) }
        }
        return result
    }

    public func intersection(_ other: Region) -> Region {
        var result = Region()
        for a in rects {
            for b in other.rects {
                let r = a.intersection(b)
                if !r.isEmpty { result.rects.append(r) }
            }
        }
        return result
    }

    public func subtracting(_ rect: PixelRect) -> Region {
        var result = Region()
        result.rects.reserveCapacity(rects.count + 3)
        for r in rects { r.subtract(rect, appendingTo: &result.rects) }
        return result
    }

    public func translated(dx: Int, dy: Int) -> Region {
        var result = self
        result.rects = rects.map { PixelRect(x: $0.x + dx, y: $0.y + dy, width: $0.width, height: $0.height) }
        return result
    }

    public var description: String {
        "Region(" + rects.map { "\($0.x),\($0.y) \($0.width)x\($0.height)" }.joined(separator: "; ") + ")"
    }
}

extension PixelRect {
    /// The parts of this rectangle outside `other`: up to four bands (above, below, left, right).
    public func subtracting(_ other: PixelRect) -> [PixelRect] {
        var parts: [PixelRect] = []
        subtract(other, appendingTo: &parts)
        return parts
    }

    /// Appends the parts of this rectangle outside `other` to `parts` (see `subtracting`),
    /// without an array of their own.
    public func subtract(_ other: PixelRect, appendingTo parts: inout [PixelRect]) {
        let cut = intersection(other)
        guard !cut.isEmpty else {
            if !isEmpty { parts.append(self) }
            return
        }
        if cut.y > y { parts.append(PixelRect(x: x, y: y, width: width, height: cut.y - y)) }
        if cut.maxY < maxY { parts.append(PixelRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY)) }
        if cut.x > x { parts.append(PixelRect(x: x, y: cut.y, width: cut.x - x, height: cut.height)) }
        if cut.maxX < maxX { parts.append(PixelRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height)) }
    }
}
