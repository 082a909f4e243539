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
}

extension Never: Gesture {
    public typealias Value = Never
}

/// A gesture built into KioskUI: it makes the engine's recognizer itself.
protocol PrimitiveGesture {
    /// The engine gesture, an `EngineGesture<Value>` (erased: `Value` is the conforming
    /// type's own).
    func makeEngineGesture(_ geometry: GestureGeometry) -> Any
}

/// The engine gesture for `gesture`: its own, or its body's.
func engineGesture<G: Gesture>(_ gesture: G, _ geometry: GestureGeometry) -> EngineGesture<G.Value> {
    if let primitive = gesture as? any PrimitiveGesture {
        if let made = primitive.makeEngineGesture(geometry) as? EngineGesture<G.Value> { return made }
    } else if let made = engineGesture(gesture.body, geometry) as? EngineGesture<G.Value> {
        return made
    }
    MisuseReport.once("the body of gesture \(G.self) has another Value than the gesture; it never fires")
    return EngineGesture(never: ())
}

/// Where a view gesture's view is, for the coordinate spaces of its values. Kept under the
/// view's identity and updated on every layout, so a recognizer under way sees the frame
/// its view has now.
final class GestureGeometry {
    var frame = Rect.zero
    var namedFrames: [String: Rect] = [:]

    /// `location` (screen pixels) in `space`.
    func point(_ location: TouchLocation, in space: CoordinateSpace) -> CGPoint {
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
struct EngineGesture<Value>: KioskGestures.Gesture {
    let make: () -> AnyRecognizer<Value>

    init<G: KioskGestures.Gesture>(_ gesture: G) where G.Value == Value {
        make = { AnyRecognizer(gesture.makeRecognizer()) }
    }

    init(never: Void) {
        make = { AnyRecognizer(NeverRecognizer<Value>()) }
    }

    func makeRecognizer() -> AnyRecognizer<Value> { make() }

    /// The same gesture calling `observe` with each of its phases before reporting it.
    func observing(_ observe: @escaping (GesturePhase<Value>) -> Void) -> EngineGesture<Value> {
        let base = self
        return EngineGesture(ObservedGesture(base: base, observe: observe))
    }

    func mapped<T>(_ transform: @escaping (Value) -> T) -> EngineGesture<T> {
        EngineGesture<T>(self.map(transform))
    }
}

final class AnyRecognizer<Value>: GestureRecognizer {
    private let handleEvent: (TouchEvent, TouchContext, inout [GesturePhase<Value>]) -> Void
    private let advanceTime: (Microseconds, inout [GesturePhase<Value>]) -> Void
    private let cancelAll: (inout [GesturePhase<Value>]) -> Void
    private let base: any GestureRecognizer

    init<R: GestureRecognizer>(_ recognizer: R) where R.Value == Value {
        base = recognizer
        handleEvent = { recognizer.handle($0, context: $1, into: &$2) }
        advanceTime = { recognizer.advance(to: $0, into: &$1) }
        cancelAll = { recognizer.cancel(into: &$0) }
    }

    func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        handleEvent(event, context, &phases)
    }

    func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) { advanceTime(time, &phases) }
    func cancel(into phases: inout [GesturePhase<Value>]) { cancelAll(&phases) }
    var deadline: Microseconds? { base.deadline }
    var isClaiming: Bool { base.isClaiming }
    var isIdle: Bool { base.isIdle }
}

/// The recognizer of a gesture whose body could not be built: it never fires.
final class NeverRecognizer<Value>: GestureRecognizer {
    func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {}
    func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) {}
    func cancel(into phases: inout [GesturePhase<Value>]) {}
    var deadline: Microseconds? { nil }
    var isClaiming: Bool { false }
    var isIdle: Bool { true }
}

/// Calls a closure with each phase of its base before passing it on: how `onChanged`,
/// `onEnded` and `updating` run.
struct ObservedGesture<Value>: KioskGestures.Gesture {
    let base: EngineGesture<Value>
    let observe: (GesturePhase<Value>) -> Void

    func makeRecognizer() -> ObservedRecognizer<Value> { ObservedRecognizer(base: base.makeRecognizer(), observe: observe) }
}

final class ObservedRecognizer<Value>: GestureRecognizer {
    private let base: AnyRecognizer<Value>
    private let observe: (GesturePhase<Value>) -> Void

    init(base: AnyRecognizer<Value>, observe: @escaping (GesturePhase<Value>) -> Void) {
        self.base = base
        self.observe = observe
    }

    func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>]) {
        let start = phases.count
        base.handle(event, context: context, into: &phases)
        show(phases, from: start)
    }

    func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>]) {
        let start = phases.count
        base.advance(to: time, into: &phases)
        show(phases, from: start)
    }

    func cancel(into phases: inout [GesturePhase<Value>]) {
        let start = phases.count
        base.cancel(into: &phases)
        show(phases, from: start)
    }

    /// Shows the observer the phases the base just reported (from `start` on), in order;
    /// by index, as a slice of a generic array costs a metadata lookup per event.
    private func show(_ phases: [GesturePhase<Value>], from start: Int) {
        for i in start..<phases.count { observe(phases[i]) }
    }

    var deadline: Microseconds? { base.deadline }
    var isClaiming: Bool { base.isClaiming }
    var isIdle: Bool { base.isIdle }
}

/// A type-erased gesture (SwiftUI's `AnyGesture`), for bodies whose type is not `some
/// Gesture` and for gestures chosen at run time.
public struct AnyGesture<Value>: Gesture, PrimitiveGesture {
    private let make: (GestureGeometry) -> EngineGesture<Value>

    public init<G: Gesture>(_ gesture: G) where G.Value == Value {
        make = { engineGesture(gesture, $0) }
    }

    public var body: Never { fatalError("AnyGesture is primitive") }
    func makeEngineGesture(_ geometry: GestureGeometry) -> Any { make(geometry) }
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
