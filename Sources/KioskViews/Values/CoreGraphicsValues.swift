/// Where SwiftUI's value types meet KioskGraphics' `Point`, `Size` and `Rect`, which layout
/// and the renderer use. The Core Graphics ones are KioskCGValues' (re-exported in Exports.swift).

extension CGPoint {
    public init(_ point: Point) { self.init(x: point.x, y: point.y) }
    public var point: Point { Point(x: x, y: y) }
}

extension CGSize {
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }
    public var size: Size { Size(width: width, height: height) }
}

extension CGRect {
    public init(_ rect: Rect) { self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height) }
    public var rect: Rect { Rect(x: minX, y: minY, width: width, height: height) }
}

/// SwiftUI's `EdgeInsets` is KioskGraphics' `Insets` (top, leading, bottom, trailing).
public typealias EdgeInsets = Insets

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
