/// A description of a gesture, like SwiftUI's `Gesture`: a value that makes a fresh
/// recognizer (the state machine) when it is attached to a target.
public protocol Gesture<Value> {
    associatedtype Value
    associatedtype Recognizer: GestureRecognizer where Recognizer.Value == Value

    func makeRecognizer() -> Recognizer
}

/// What a recognizer reports. Every interaction ends in exactly one terminal phase
/// (`ended`, `failed` or `cancelled`), which is also where transient state resets.
public enum GesturePhase<Value> {
    /// The gesture is under way and its value changed.
    case changed(Value)
    /// The gesture succeeded with this value.
    case ended(Value)
    /// The touches did not make this gesture (moved too far, too slow, too short…).
    case failed
    /// The touch was cancelled, or another gesture or the engine took it away.
    case cancelled

    public var isTerminal: Bool {
        if case .changed = self { return false }
        return true
    }
}

/// What a recognizer knows about the target the touches belong to.
public struct TouchContext: Sendable {
    /// The target's frame (the out-of-bounds canceller grows it by its margin).
    public var frame: Rect
    /// Touches currently down on the target, counting the event's own touch for a `down`
    /// and still counting it for its `up` or `cancel`. Single-touch gestures start only on
    /// the first touch and give up when a second one lands.
    public var touchesOnTarget: Int

    public init(frame: Rect, touchesOnTarget: Int) {
        self.frame = frame
        self.touchesOnTarget = touchesOnTarget
    }
}

/// A gesture's state machine. It never reads a clock: time comes with the events and
/// with `advance(to:)`, which the engine calls exactly at `deadline`.
///
/// Events arrive for every touch on the target: `down` for each new touch (with its
/// location), `move`, and `up` or `cancel` carrying the touch's last location.
public protocol GestureRecognizer<Value>: AnyObject {
    associatedtype Value

    func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Value>])
    /// Time passed to `time` with no touch event; fires timers due at or before it.
    func advance(to time: Microseconds, into phases: inout [GesturePhase<Value>])
    /// Stops whatever is under way (reporting `cancelled` if anything was) and resets.
    func cancel(into phases: inout [GesturePhase<Value>])
    /// The next time this recognizer needs `advance(to:)`, if any.
    var deadline: Microseconds? { get }
    /// True while the recognizer owns its touches (a drag past its minimum distance, a
    /// long press that fired): the engine then cancels the other recognizers in the arena.
    var isClaiming: Bool { get }
    /// True when nothing is under way: no tracked touch, no pending timer.
    var isIdle: Bool { get }
}
