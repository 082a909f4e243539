import FoundationEssentials
import Glibc
import KioskGestures

/// SwiftUI's `Gesture`: a description of a gesture, built from others in its `body` (a
/// product's own `struct Swipe: Gesture { var body: some Gesture }`) or one of KioskUI's
/// primitive gestures. Attached to a view, it runs as one recognizer in the gesture
/// engine's arenas, so view gestures, buttons and screen swipes compete by one set of rules.
public protocol Gesture<Value> {
    associatedtype Value
    associatedtype Body: Gesture
    var body: Body { get }
    /// The engine's gesture for `gesture`: a gesture built into KioskUI makes its own, one
    /// with a body its body's. Its implementations are inlinable, so the recognizers are
    /// made by code specialized for the gesture's types where a body attaches it: a drag
    /// runs no generic code of unknown types on every move.
    static func _makeGesture(_ gesture: Self, inputs: _GestureInputs) -> _GestureOutputs<Value>
}

extension Gesture where Value == Body.Value {
    /// A gesture with a body of its own is its body; as in SwiftUI, this is also what lets
    /// a product's `struct Swipe: Gesture { var body: some Gesture }` leave out its `Value`.
    @inlinable public static func _makeGesture(_ gesture: Self, inputs: _GestureInputs) -> _GestureOutputs<Body.Value> {
        Body._makeGesture(gesture.body, inputs: inputs)
    }
}

extension Never: Gesture {
    public typealias Value = Never

    public static func _makeGesture(_ gesture: Never, inputs: _GestureInputs) -> _GestureOutputs<Never> {}
}

/// A gesture built into KioskUI: it makes the engine's gesture itself.
@usableFromInline protocol PrimitiveGesture: Gesture where Body == Never {
    func makeEngineGesture(_ geometry: GestureGeometry) -> EngineGesture<Value>
}

extension PrimitiveGesture {
    @inlinable public static func _makeGesture(_ gesture: Self, inputs: _GestureInputs) -> _GestureOutputs<Value> {
        _GestureOutputs(engine: gesture.makeEngineGesture(inputs.geometry))
    }
}

/// What making a gesture's engine gesture takes (`Gesture._makeGesture`): where its view is.
public struct _GestureInputs {
    @usableFromInline let geometry: GestureGeometry

    @usableFromInline init(geometry: GestureGeometry) { self.geometry = geometry }
}

/// A gesture's engine gesture (`Gesture._makeGesture`).
public struct _GestureOutputs<Value> {
    @usableFromInline let engine: EngineGesture<Value>

    @inlinable init(engine: EngineGesture<Value>) { self.engine = engine }
}

/// The engine gesture for `gesture`: its own, or its body's.
@inlinable func engineGesture<G: Gesture>(_ gesture: G, _ geometry: GestureGeometry) -> EngineGesture<G.Value> {
    G._makeGesture(gesture, inputs: _GestureInputs(geometry: geometry)).engine
}

/// Where a view gesture's view is, for the coordinate spaces of its values. Kept under the
/// view's identity and updated on every layout, so a recognizer under way sees the frame
/// its view has now.
@usableFromInline final class GestureGeometry {
    var frame = Rect.zero
    var namedFrames: [String: Rect] = [:]

    @usableFromInline init() {}

    /// `location` (screen pixels) in `space`.
    @usableFromInline func point(_ location: TouchLocation, in space: CoordinateSpace) -> CGPoint {
        let origin: Point
        switch space {
        case .global: origin = .zero
        case .local: origin = frame.origin
        case .named(let name): origin = namedFrames[String(describing: name)]?.origin ?? .zero
        }
        return CGPoint(x: location.x - origin.x, y: location.y - origin.y)
    }
}

/// A KioskUI gesture as the engine runs it: its recognizer behind closures, so gestures of
/// any shape (a product's, an `AnyGesture`) compose.
@usableFromInline struct EngineGesture<Value>: KioskGestures.Gesture {
    @usableFromInline let make: () -> AnyRecognizer<Value>

    @inlinable init<G: KioskGestures.Gesture>(_ gesture: G) where G.Value == Value {
        make = { AnyRecognizer(gesture.makeRecognizer()) }
    }

    @inlinable func makeRecognizer() -> AnyRecognizer<Value> { make() }

    /// The same gesture calling `observe` with each of its phases before reporting it.
    @inlinable func observing(_ observe: @escaping (GesturePhase<Value>) -> Void) -> EngineGesture<Value> {
        EngineGesture(ObservedGesture(base: self, observe: observe))
    }

    @inlinable func mapped<T>(_ transform: @escaping (Value) -> T) -> EngineGesture<T> {
        EngineGesture<T>(self.map(transform))
    }
}

@usableFromInline final class AnyRecognizer<Value>: GestureRecognizer {
    @usableFromInline let handleEvent: (TouchEvent, TouchContext, inout [GesturePhase<Value>]) -> Void
    @usableFromInline let advanceTime: (Microseconds, inout [GesturePhase<Value>]) -> Void
    @usableFromInline let cancelAll: (inout [GesturePhase<Value>]) -> Void
    @usableFromInline let base: any GestureRecognizer

    @inlinable init<R: GestureRecognizer>(_ recognizer: R) where R.Value == Value {
        base = recognizer
        handleEvent = { recognizer.handle($0, context: $1, into: &$2) }
        advanceTime = { recognizer.advance(to: $0, into: &$1) }
        cancelAll = { recognizer.cancel(into: &$0) }
    }

    @inlinable func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        handleEvent(event, context, &phases)
    }

    @inlinable func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) { advanceTime(time, &phases) }
    @inlinable func cancel(into phases: inout [GesturePhase<Value>]) { cancelAll(&phases) }
    @inlinable var deadline: Microseconds? { base.deadline }
    @inlinable var isClaiming: Bool { base.isClaiming }
    @inlinable var isIdle: Bool { base.isIdle }
}

/// Calls a closure with each phase of its base before passing it on: how `onChanged`,
/// `onEnded` and `updating` run.
@usableFromInline struct ObservedGesture<Value>: KioskGestures.Gesture {
    @usableFromInline let base: EngineGesture<Value>
    @usableFromInline let observe: (GesturePhase<Value>) -> Void

    @inlinable init(base: EngineGesture<Value>, observe: @escaping (GesturePhase<Value>) -> Void) {
        (self.base, self.observe) = (base, observe)
    }

    @inlinable func makeRecognizer() -> ObservedRecognizer<Value> { ObservedRecognizer(base: base.makeRecognizer(), observe: observe) }
}

@usableFromInline final class ObservedRecognizer<Value>: GestureRecognizer {
    @usableFromInline let base: AnyRecognizer<Value>
    @usableFromInline let observe: (GesturePhase<Value>) -> Void

    @inlinable init(base: AnyRecognizer<Value>, observe: @escaping (GesturePhase<Value>) -> Void) {
        self.base = base
        self.observe = observe
    }

    @inlinable func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        let start = phases.count
        base.handle(event, context: context, into: &phases)
        show(phases, from: start)
    }

    @inlinable func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) {
        let start = phases.count
        base.advance(to: time, into: &phases)
        show(phases, from: start)
    }

    @inlinable func cancel(into phases: inout [GesturePhase<Value>]) {
        let start = phases.count
        base.cancel(into: &phases)
        show(phases, from: start)
    }

    /// Shows the observer the phases the base just reported (from `start` on), in order;
    /// by index, as a slice of a generic array costs a metadata lookup per event.
    @inlinable func show(_ phases: [GesturePhase<Value>], from start: Int) {
        for i in start..<phases.count { observe(phases[i]) }
    }

    @inlinable var deadline: Microseconds? { base.deadline }
    @inlinable var isClaiming: Bool { base.isClaiming }
    @inlinable var isIdle: Bool { base.isIdle }
}

/// A type-erased gesture (SwiftUI's `AnyGesture`), for bodies whose type is not `some
/// Gesture` and for gestures chosen at run time.
public struct AnyGesture<Value>: Gesture {
    @usableFromInline let make: (GestureGeometry) -> EngineGesture<Value>

    /// Inlinable: the erased gesture's recognizers are made where its type is known.
    @inlinable public init<G: Gesture>(_ gesture: G) where G.Value == Value {
        make = { engineGesture(gesture, $0) }
    }

    public var body: Never { fatalError("AnyGesture is primitive") }

    // Its own witness: a generic `Value` would otherwise be inferred from the default for bodies.
    @inlinable public static func _makeGesture(_ gesture: Self, inputs: _GestureInputs) -> _GestureOutputs<Value> {
        _GestureOutputs(engine: gesture.make(inputs.geometry))
    }
}

/// Where a gesture's locations are measured from.
public enum CoordinateSpace: Hashable {
    /// The screen.
    case global
    /// The view the gesture is attached to.
    case local
    /// The view marked `.coordinateSpace(name:)` with this name.
    case named(AnyHashable)
}

/// Which gestures of a view and of its subviews take part (`.gesture(_:including:)`).
public struct GestureMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
    public static let none: GestureMask = []
}
