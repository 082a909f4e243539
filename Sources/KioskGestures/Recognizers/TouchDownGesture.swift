/// Succeeds the moment a finger lands, with where it landed: a coasting scroll view's catch
/// (UIScrollView stops when touched while it decelerates). Attached with high priority, it
/// takes the touch from the buttons under the finger before they see it.
public struct TouchDownGesture: Gesture {
    public init() {}

    public func makeRecognizer() -> TouchDownRecognizer { TouchDownRecognizer() }
}

public final class TouchDownRecognizer: GestureRecognizer {
    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<TouchLocation>]) {
        if event.phase == .down { phases.append(.ended(event.location)) }
    }

    public func advance(to time: Microseconds, into phases: inout [GesturePhase<TouchLocation>]) {}
    public func cancel(into phases: inout [GesturePhase<TouchLocation>]) {}
    public var deadline: Microseconds? { nil }
    public var isClaiming: Bool { false }
    public var isIdle: Bool { true }
}
