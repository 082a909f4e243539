/// A rectangle in UI pixels (x right, y down). KioskGestures depends on no other module,
/// so it has its own small geometry; the UI converts its frames into these.
public struct TouchRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// Half-open, like the UI's rectangles: the right and bottom edges are outside.
    public func contains(_ point: TouchLocation) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The rectangle grown by `margin` on every side (negative shrinks it).
    public func grown(by margin: Double) -> TouchRect {
        TouchRect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }
}

/// A displacement or a velocity in UI pixels (or pixels per second).
public struct TouchVector: Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = TouchVector(dx: 0, dy: 0)

    public var length: Double { (dx * dx + dy * dy).squareRoot() }
}

extension TouchLocation {
    public static func - (lhs: TouchLocation, rhs: TouchLocation) -> TouchVector {
        TouchVector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }

    public static func + (lhs: TouchLocation, rhs: TouchVector) -> TouchLocation {
        TouchLocation(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy)
    }

    /// Euclidean distance in pixels.
    public func distance(to other: TouchLocation) -> Double { (self - other).length }
}
