import KioskGestures

/// The newest definition of a view's gesture. A view updated in place hands it the new
/// definition instead of registering its target again; the engine's recognizer takes the
/// new one up at the next touch that finds it idle, as a registration would have.
final class GestureMaker {
    private(set) var make: (GestureGeometry) -> EngineGesture<Bool>
    /// Where the gesture's view is, which its values are measured in.
    let geometry: GestureGeometry
    /// Counts the definitions given, so a recognizer knows when its own is stale.
    private(set) var version = 0

    init(_ make: @escaping (GestureGeometry) -> EngineGesture<Bool>, geometry: GestureGeometry) {
        self.make = make
        self.geometry = geometry
    }

    func replace(_ make: @escaping (GestureGeometry) -> EngineGesture<Bool>) {
        self.make = make
        version += 1
    }

    /// The newest definition's recognizer.
    func makeRecognizer() -> AnyRecognizer<Bool> { make(geometry).makeRecognizer() }
}

/// What the engine runs for a view's gesture: the newest definition's recognizer.
struct RenewingGesture: KioskGestures.Gesture {
    let maker: GestureMaker

    func makeRecognizer() -> RenewingRecognizer { RenewingRecognizer(maker) }
}

/// Runs the recognizer of a maker's definition and makes it again from the newest one when
/// a touch goes down while nothing is under way.
final class RenewingRecognizer: GestureRecognizer {
    private let maker: GestureMaker
    private var version: Int
    private var base: AnyRecognizer<Bool>

    init(_ maker: GestureMaker) {
        self.maker = maker
        version = maker.version
        base = maker.makeRecognizer()
    }

    func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Bool>]) {
        if version != maker.version, event.phase == .down, base.isIdle {
            version = maker.version
            base = maker.makeRecognizer()
        }
        base.handle(event, context: context, into: &phases)
    }

    func advance(to time: Microseconds, into phases: inout [GesturePhase<Bool>]) { base.advance(to: time, into: &phases) }
    func cancel(into phases: inout [GesturePhase<Bool>]) { base.cancel(into: &phases) }
    var deadline: Microseconds? { base.deadline }
    var isClaiming: Bool { base.isClaiming }
    var isIdle: Bool { base.isIdle }
}
