import FoundationEssentials
import Glibc
import KioskGestures

/// One or more taps (SwiftUI's `TapGesture(count:)`): ends when the last finger of the
/// sequence lifts, fails when the finger moves further than the touch slop.
public struct TapGesture: Gesture, PrimitiveGesture {
    public typealias Value = Void
    public var count: Int

    public init(count: Int = 1) { self.count = count }

    public var body: Never { fatalError("TapGesture is primitive") }

    @usableFromInline func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        EngineGesture(KioskGestures.TapGesture(count: count)).mapped { _ in () }
    }
}

/// A press held for `minimumDuration` seconds (SwiftUI's `LongPressGesture`): its value is
/// true from touch-down (`updating` sees the press begin), and it ends, true, when the
/// time is up while the finger is still within `maximumDistance`.
public struct LongPressGesture: Gesture, PrimitiveGesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat

    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
    }

    public var body: Never { fatalError("LongPressGesture is primitive") }

    @usableFromInline func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        let seconds = minimumDuration.isFinite ? max(minimumDuration, 0) : 3600
        return EngineGesture(KioskGestures.LongPressGesture(
            minimumDuration: Microseconds((seconds * 1_000_000).rounded()),
            maximumDistance: maximumDistance.isNaN ? 10 : maximumDistance))
    }
}

/// A drag (SwiftUI's `DragGesture`): begins once the finger moved `minimumDistance` (at
/// touch-down when it is 0), reports every move, ends when the finger lifts.
public struct DragGesture: Gesture, PrimitiveGesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        /// Points per second.
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint

        public var translation: CGSize {
            CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
        }

        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }

    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace

    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }

    public var body: Never { fatalError("DragGesture is primitive") }

    @usableFromInline func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        let space = coordinateSpace
        return EngineGesture(KioskGestures.DragGesture(minimumDistance: minimumDistance)).mapped { value in
            Value(time: Date(timeIntervalSince1970: Double(value.time) / 1_000_000),
                  location: geometry.point(value.location, in: space),
                  startLocation: geometry.point(value.startLocation, in: space),
                  velocity: CGSize(width: value.velocity.dx, height: value.velocity.dy),
                  predictedEndLocation: geometry.point(value.predictedEndLocation, in: space))
        }
    }
}

/// Two fingers pinching (SwiftUI's `MagnificationGesture`): the scale since they landed.
public struct MagnificationGesture: Gesture, PrimitiveGesture {
    public typealias Value = CGFloat
    public var minimumScaleDelta: CGFloat

    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }

    public var body: Never { fatalError("MagnificationGesture is primitive") }

    @usableFromInline func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        EngineGesture(KioskGestures.MagnificationGesture(minimumScaleDelta: minimumScaleDelta)).mapped { CGFloat($0) }
    }
}

/// Two fingers turning (SwiftUI's `RotationGesture`): the angle since they landed.
public struct RotationGesture: Gesture, PrimitiveGesture {
    public typealias Value = Angle
    public var minimumAngleDelta: Angle

    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }

    public var body: Never { fatalError("RotationGesture is primitive") }

    @usableFromInline func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        EngineGesture(KioskGestures.RotationGesture(minimumAngleDelta: minimumAngleDelta.radians)).mapped { Angle(radians: $0) }
    }
}

/// SwiftUI's newer pinch, whose value is a structure.
public struct MagnifyGesture: Gesture, PrimitiveGesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var magnification: CGFloat
    }

    public var minimumScaleDelta: CGFloat

    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }

    public var body: Never { fatalError("MagnifyGesture is primitive") }

    @usableFromInline func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        EngineGesture(KioskGestures.MagnificationGesture(minimumScaleDelta: minimumScaleDelta)).mapped {
            Value(time: Date(), magnification: CGFloat($0))
        }
    }
}

/// SwiftUI's newer rotation, whose value is a structure.
public struct RotateGesture: Gesture, PrimitiveGesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var rotation: Angle
    }

    public var minimumAngleDelta: Angle

    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }

    public var body: Never { fatalError("RotateGesture is primitive") }

    @usableFromInline func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value> {
        EngineGesture(KioskGestures.RotationGesture(minimumAngleDelta: minimumAngleDelta.radians)).mapped {
            Value(time: Date(), rotation: Angle(radians: $0))
        }
    }
}
