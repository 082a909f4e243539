import CPixman

/// A point in a shape's bounding rectangle as fractions of its size, as SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    func resolved(in rect: Rect) -> Point {
        Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
    }
}

public struct GradientStop: Hashable, Sendable {
    public var color: PixelColor
    /// 0 at the gradient's start, 1 at its end.
    public var location: Double

    public init(color: PixelColor, location: Double) {
        self.color = color
        self.location = location
    }
}

/// What fills a shape: a colour or a gradient laid out in the shape's rectangle.
public enum Paint: Hashable, Sendable {
    case color(PixelColor)
    case linearGradient(stops: [GradientStop], start: UnitPoint, end: UnitPoint)
    /// Colour by distance from `center`: `startRadius` is location 0, `endRadius` location 1.
    case radialGradient(stops: [GradientStop], center: UnitPoint, startRadius: Double, endRadius: Double)
    /// Colour by angle about `center`, turning clockwise on the screen from `startAngle`
    /// (radians, 0 along +x) to `endAngle`; past `endAngle` the last colour holds.
    case angularGradient(stops: [GradientStop], center: UnitPoint, startAngle: Double, endAngle: Double)

    /// True when every pixel the paint touches ends up opaque at full coverage.
    public var isOpaque: Bool {
        switch self {
        case let .color(c): c.alpha >= 1
        case let .linearGradient(stops, _, _), let .radialGradient(stops, _, _, _), let .angularGradient(stops, _, _, _):
            !stops.isEmpty && stops.allSatisfy { $0.color.alpha >= 1 }
        }
    }

    /// A pixman source for a gradient placed in `rect` (device coordinates) with `opacity`
    /// folded into its stops; nil for a plain colour. The caller unrefs it.
    func gradientImage(in rect: Rect, opacity: Double) -> OpaquePointer? {
        func pixmanStops(_ stops: [GradientStop]) -> [pixman_gradient_stop_t] {
            stops.sorted { $0.location < $1.location }.map { stop in
                let c = stop.color
                func channel(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * 65535).rounded()) }
                // pixman takes stop colours straight (not premultiplied).
                return pixman_gradient_stop_t(x: pixmanFixed(stop.location),
                                              color: pixman_color_t(red: channel(c.red), green: channel(c.green),
                                                                    blue: channel(c.blue), alpha: channel(c.alpha * opacity)))
            }
        }
        switch self {
        case .color:
            return nil
        case let .linearGradient(stops, start, end):
            let a = start.resolved(in: rect), b = end.resolved(in: rect)
            var p1 = pixman_point_fixed_t(x: pixmanFixed(a.x), y: pixmanFixed(a.y))
            var p2 = pixman_point_fixed_t(x: pixmanFixed(b.x), y: pixmanFixed(b.y))
            let s = pixmanStops(stops)
            let image = pixman_image_create_linear_gradient(&p1, &p2, s, Int32(s.count))
            if let image { pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD) }
            return image
        case let .radialGradient(stops, center, startRadius, endRadius):
            let c = center.resolved(in: rect)
            var p = pixman_point_fixed_t(x: pixmanFixed(c.x), y: pixmanFixed(c.y))
            var q = p
            let s = pixmanStops(stops)
            let image = pixman_image_create_radial_gradient(&p, &q, pixmanFixed(startRadius), pixmanFixed(endRadius), s, Int32(s.count))
            if let image { pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD) }
            return image
        case let .angularGradient(stops, center, startAngle, endAngle):
            let c = center.resolved(in: rect)
            var p = pixman_point_fixed_t(x: pixmanFixed(c.x), y: pixmanFixed(c.y))
            // pixman's conical gradient spans a full turn: the stops are squeezed into the
            // part of it the angles cover.
            let span = endAngle - startAngle
            let fraction = span > 0 ? min(span / (2 * .pi), 1) : 1
            let s = pixmanStops(stops.map { GradientStop(color: $0.color, location: $0.location * fraction) })
            guard let image = pixman_image_create_conical_gradient(&p, pixmanFixed(startAngle * 180 / .pi), s, Int32(s.count))
            else { return nil }
            // pixman turns counter-clockwise; mirrored about the centre's row it turns clockwise.
            var t = pixman_transform_t()
            t.matrix.0 = (65536, 0, 0)
            t.matrix.1 = (0, -65536, pixmanFixed(2 * c.y))
            t.matrix.2 = (0, 0, 65536)
            pixman_image_set_transform(image, &t)
            return image
        }
    }
}
