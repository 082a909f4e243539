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

    public init(_ radius: Double) {
        self.init(topLeading: radius, topTrailing: radius, bottomLeading: radius, bottomTrailing: radius)
    }
}
