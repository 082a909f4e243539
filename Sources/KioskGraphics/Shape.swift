/// The outlines KioskUI draws, each fitted to a rectangle the way SwiftUI fits shapes.
public enum Shape: Hashable, Sendable {
    case rectangle
    /// Corners rounded with circular arcs; radii that do not fit are scaled down together.
    case roundedRectangle(CornerRadii)
    /// A rounded rectangle whose shorter sides are half circles.
    case capsule
    /// The largest circle centred in the rectangle.
    case circle

    public static func roundedRectangle(cornerRadius: Double) -> Shape {
        .roundedRectangle(CornerRadii(cornerRadius))
    }

    /// Whole pixels the shape fitted to `rect` covers completely: the rectangle less its
    /// corner arcs, as a band across, a band down and the rectangle whose corners touch the
    /// arcs. An opaque fill hides what lies under them, so a renderer need not paint it.
    public func coveredPixels(in rect: Rect) -> [PixelRect] {
        var covered: [PixelRect] = []
        appendCoveredPixels(in: rect, to: &covered)
        return covered
    }

    /// Appends `coveredPixels(in:)` to `covered`: a renderer collecting them every frame
    /// makes no array for each shape.
    public func appendCoveredPixels(in rect: Rect, to covered: inout [PixelRect]) {
        guard let o = saneOutline(in: rect) else { return }
        let r = o.largestRadius
        func add(_ pixels: PixelRect) { if !pixels.isEmpty { covered.append(pixels) } }
        guard r > 0 else { return add(Self.wholePixels(o.minX, o.minY, o.maxX, o.maxY)) }
        // Inset by r(1 - 1/√2), the rectangle's corners sit on the arcs' midpoints: most of a circle.
        let d = r * (1 - 0.5.squareRoot())
        let (across, down) = crossingBands(of: o)
        add(across)
        add(down)
        add(Self.wholePixels(o.minX + d, o.minY + d, o.maxX - d, o.maxY - d))
    }

    /// The pixels that can change when an opaque fill of the shape moves from `old` to
    /// `new`, a rectangle of the same size: the bounds of both, less the interior that
    /// both paint. A dragged card changes a block at each side, not its whole area. Only
    /// the larger of the band across and the band down that both cover is kept out: that
    /// leaves a few blocks, each repainted in one pass, rather than slivers around the arcs.
    public func pixelsChanged(movingFrom old: Rect, to new: Rect) -> Region {
        guard let before = saneOutline(in: old), let after = saneOutline(in: new) else {
            return Region([old.enclosingPixels, new.enclosingPixels])
        }
        let (oldAcross, oldDown) = crossingBands(of: before), (newAcross, newDown) = crossingBands(of: after)
        let across = oldAcross.intersection(newAcross), down = oldDown.intersection(newDown)
        let kept = across.area > down.area ? across : down
        // Moved clear of itself, it changes its two places and nothing between them.
        guard !kept.isEmpty else { return Region([old.enclosingPixels, new.enclosingPixels]) }
        return Region(old.enclosingPixels.union(new.enclosingPixels), subtracting: kept)
    }

    /// The whole pixels of the band across and the band down between the corner arcs.
    private func crossingBands(of o: RoundedRect) -> (across: PixelRect, down: PixelRect) {
        let r = o.largestRadius
        return (Self.wholePixels(o.minX, o.minY + r, o.maxX, o.maxY - r), Self.wholePixels(o.minX + r, o.minY, o.maxX - r, o.maxY))
    }

    /// The outline fitted to `rect`, or nil when it is empty or too far out to count pixels in.
    private func saneOutline(in rect: Rect) -> RoundedRect? {
        let o = outline(in: rect)
        return !o.isEmpty && max(abs(o.minX), abs(o.minY), abs(o.maxX), abs(o.maxY)) < 1e9 ? o : nil
    }

    /// The pixels wholly inside the box (possibly empty).
    private static func wholePixels(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> PixelRect {
        let x0 = Int(minX.rounded(.up)), y0 = Int(minY.rounded(.up))
        let x1 = Int(maxX.rounded(.down)), y1 = Int(maxY.rounded(.down))
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// The shape as a rounded rectangle: every shape here is one.
    func outline(in rect: Rect) -> RoundedRect {
        switch self {
        case .rectangle:
            return RoundedRect(rect: rect, radii: CornerRadii(0))
        case let .roundedRectangle(radii):
            return RoundedRect(rect: rect, radii: radii)
        case .capsule:
            return RoundedRect(rect: rect, radii: CornerRadii(min(rect.width, rect.height) / 2))
        case .circle:
            let d = min(rect.width, rect.height)
            let square = Rect(x: rect.center.x - d / 2, y: rect.center.y - d / 2, width: d, height: d)
            return RoundedRect(rect: square, radii: CornerRadii(d / 2))
        }
    }
}

/// Corner radii in the SwiftUI order of `RectangleCornerRadii`.
public struct CornerRadii: Hashable, Sendable {
    public var topLeading: Double
    public var topTrailing: Double
    public var bottomLeading: Double
    public var bottomTrailing: Double

    public init(topLeading: Double, topTrailing: Double, bottomLeading: Double, bottomTrailing: Double) {
        self.topLeading = topLeading
        self.topTrailing = topTrailing
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
    }

    /// Continuous corners (SwiftUI's `RoundedCornerStyle.continuous`) bend gradually into
    /// the straight edges, like a squircle, instead of meeting them as circular arcs.
    public var isContinuous = false

    public init(_ radius: Double, isContinuous: Bool = false) {
        self.init(topLeading: radius, topTrailing: radius, bottomLeading: radius, bottomTrailing: radius)
        self.isContinuous = isContinuous
    }
}
