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
