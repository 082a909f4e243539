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
        let o = outline(in: rect)
        guard !o.isEmpty, [o.minX, o.minY, o.maxX, o.maxY].allSatisfy({ abs($0) < 1e9 }) else { return [] }
        func pixels(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> PixelRect? {
            let x0 = Int(minX.rounded(.up)), y0 = Int(minY.rounded(.up))
            let x1 = Int(maxX.rounded(.down)), y1 = Int(maxY.rounded(.down))
            return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        }
        let r = max(o.topLeft, o.topRight, o.bottomLeft, o.bottomRight)
        guard r > 0 else { return [pixels(o.minX, o.minY, o.maxX, o.maxY)].compactMap { $0 } }
        // Inset by r(1 - 1/√2), the rectangle's corners sit on the arcs' midpoints: most of a circle.
        let d = r * (1 - 0.5.squareRoot())
        return [pixels(o.minX, o.minY + r, o.maxX, o.maxY - r), pixels(o.minX + r, o.minY, o.maxX - r, o.maxY),
                pixels(o.minX + d, o.minY + d, o.maxX - d, o.maxY - d)].compactMap { $0 }
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
