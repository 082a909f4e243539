/// SwiftUI code speaks Core Graphics' value types. Linux has no Core Graphics, so KioskUI
/// gives them here with Core Graphics' names and members; they convert to KioskGraphics'
/// `Point`, `Size` and `Rect`, which the renderer and layout use.
///
/// `CGFloat` is `Double`, the width Core Graphics uses on 64-bit platforms. A file that
/// imports Foundation as well gets Foundation's own `CGFloat` there; write
/// `KioskUI.CGFloat` in that file if both are visible.
public typealias CGFloat = Double

/// SwiftUI's `EdgeInsets` is KioskGraphics' `Insets` (top, leading, bottom, trailing).
public typealias EdgeInsets = Insets

public struct CGPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat

    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    public init(x: Int, y: Int) { self.init(x: CGFloat(x), y: CGFloat(y)) }

    public static let zero = CGPoint(x: 0.0, y: 0.0)

    public init(_ point: Point) { self.init(x: point.x, y: point.y) }
    public var point: Point { Point(x: x, y: y) }
}

public struct CGSize: Hashable, Sendable {
    public var width: CGFloat
    public var height: CGFloat

    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }

    public init(width: Int, height: Int) { self.init(width: CGFloat(width), height: CGFloat(height)) }

    public static let zero = CGSize(width: 0.0, height: 0.0)

    public init(_ size: Size) { self.init(width: size.width, height: size.height) }
    public var size: Size { Size(width: width, height: height) }
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

    public static let zero = CGRect(origin: .zero, size: .zero)

    public var width: CGFloat { size.width }
    public var height: CGFloat { size.height }
    public var minX: CGFloat { min(origin.x, origin.x + size.width) }
    public var maxX: CGFloat { max(origin.x, origin.x + size.width) }
    public var midX: CGFloat { origin.x + size.width / 2 }
    public var minY: CGFloat { min(origin.y, origin.y + size.height) }
    public var maxY: CGFloat { max(origin.y, origin.y + size.height) }
    public var midY: CGFloat { origin.y + size.height / 2 }
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    public func contains(_ point: CGPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    public init(_ rect: Rect) { self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height) }
    public var rect: Rect { Rect(x: minX, y: minY, width: width, height: height) }
}

/// SwiftUI's angle: stored in radians, written either way.
public struct Angle: Hashable, Comparable, Sendable {
    public var radians: Double
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }

    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
    public static let zero = Angle()

    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }
    public static func += (lhs: inout Angle, rhs: Angle) { lhs.radians += rhs.radians }
    public static func -= (lhs: inout Angle, rhs: Angle) { lhs.radians -= rhs.radians }
}

/// SwiftUI's edges, and sets of them for `padding(_:_:)` and `ignoresSafeArea`-style modifiers.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { self.init(rawValue: 1 << edge.rawValue) }

        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}
