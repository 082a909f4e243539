/// Core Graphics' value types, which SwiftUI code speaks (`CGFloat`, `CGPoint`, `CGSize`,
/// `CGRect`). On Linux only full Foundation has them, and full Foundation links the toolchain's
/// ICU and its data (most of a static kiosk), so KioskUI declares them here, with the members
/// SwiftUI code uses; `CGFloat` is `Double`, so the two mix without conversions.
///
/// They are a module of their own so that KioskUI can re-export each by name
/// (`@_exported import struct KioskCGValues.CGPoint`): Swift prefers a name imported by name
/// over the same name from a whole module, so in an app file that imports Foundation beside
/// KioskUI, `CGFloat` and the rest are these, not ambiguous. `Foundation.CGFloat` still names
/// Foundation's.

public typealias CGFloat = Double

public struct CGPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public init() { self.init(x: 0, y: 0) }
    public static let zero = CGPoint()
}

public struct CGSize: Hashable, Sendable {
    public var width: CGFloat
    public var height: CGFloat
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }
    public init() { self.init(width: 0, height: 0) }
    public static let zero = CGSize()
}

public struct CGRect: Hashable, Sendable {
    public var origin: CGPoint
    public var size: CGSize
    public init(origin: CGPoint, size: CGSize) {
        self.origin = origin
        self.size = size
    }
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }
    public init() { self.init(origin: .zero, size: .zero) }
    public static let zero = CGRect()
    public var minX: CGFloat { min(origin.x, origin.x + size.width) }
    public var minY: CGFloat { min(origin.y, origin.y + size.height) }
    public var maxX: CGFloat { max(origin.x, origin.x + size.width) }
    public var maxY: CGFloat { max(origin.y, origin.y + size.height) }
    public var midX: CGFloat { (minX + maxX) / 2 }
    public var midY: CGFloat { (minY + maxY) / 2 }
    public var width: CGFloat { abs(size.width) }
    public var height: CGFloat { abs(size.height) }
}
