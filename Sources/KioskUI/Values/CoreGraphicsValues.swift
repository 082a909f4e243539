/// SwiftUI code speaks Core Graphics' value types (`CGFloat`, `CGPoint`, `CGSize`, `CGRect`).
/// On Linux only full Foundation has them, and full Foundation links the toolchain's ICU and
/// its data (most of a static kiosk), so KioskUI declares them itself, with the members
/// SwiftUI code uses; `CGFloat` is `Double`, so the two mix without conversions. KioskUI
/// re-exports FoundationEssentials (`Data`, `URL`, `Date`, `Locale`, JSON coding) as SwiftUI
/// re-exports Foundation. Here the values meet KioskGraphics' `Point`, `Size` and `Rect`,
/// which layout and the renderer use.
@_exported import FoundationEssentials

/// SwiftUI's `EdgeInsets` is KioskGraphics' `Insets` (top, leading, bottom, trailing).
public typealias EdgeInsets = Insets

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
    public init() { self.init(width: 0, height: 0) }
    public static let zero = CGSize()
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
