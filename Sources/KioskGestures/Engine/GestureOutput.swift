/// A gesture's value, type-erased so outputs of any gesture share one list. Only values
/// that are `Hashable & Sendable` go in, and the box never changes them, which is what
/// makes it safe to send. (A class box rather than `AnyHashable`, whose initializer costs
/// a dynamic cast per value.)
public struct GestureValue: Hashable, @unchecked Sendable, CustomStringConvertible {
    @usableFromInline let box: GestureValueBox

    /// A `Bool` (what a view's gesture reports on every move) takes one of two shared
    /// boxes rather than a new one; the test is on the type, decided where this is specialized.
    @inlinable
    public init<V: Hashable & Sendable>(_ value: V) {
        if V.self == Bool.self {
            box = unsafeBitCast(value, to: Bool.self) ? GestureValueBox.yes : GestureValueBox.no
        } else {
            box = TypedGestureValueBox(value)
        }
    }

    /// The value as `type`, or nil when it is something else.
    public func value<V: Hashable & Sendable>(as type: V.Type) -> V? { (box as? TypedGestureValueBox<V>)?.value }

    public var description: String { box.description }

    public static func == (lhs: GestureValue, rhs: GestureValue) -> Bool { lhs.box.isEqual(to: rhs.box) }

    public func hash(into hasher: inout Hasher) { box.hash(into: &hasher) }
}

/// Immutable once made (its subclass holds a `let`), so shared boxes may cross threads.
@usableFromInline
class GestureValueBox: @unchecked Sendable {
    @usableFromInline init() {}

    @usableFromInline static let yes: GestureValueBox = TypedGestureValueBox(true)
    @usableFromInline static let no: GestureValueBox = TypedGestureValueBox(false)

    func isEqual(to other: GestureValueBox) -> Bool { false }
    func hash(into hasher: inout Hasher) {}
    var description: String { "" }
}

@usableFromInline
final class TypedGestureValueBox<V: Hashable>: GestureValueBox, @unchecked Sendable {
    @usableFromInline let value: V

    @inlinable init(_ value: V) { self.value = value }

    override func isEqual(to other: GestureValueBox) -> Bool {
        (other as? TypedGestureValueBox<V>)?.value == value
    }

    override func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }

    override var description: String { String(describing: value) }
}

/// A recognizer's phase as the engine reports it. `failed` and `cancelled` are reported
/// only for gestures that had reported a change (a long press that was pressing, a drag
/// that began), so the UI can undo what it showed; silent failures stay silent.
public enum GestureUpdate: Hashable, Sendable {
    case changed(GestureValue)
    case ended(GestureValue)
    case failed
    case cancelled
}

/// What happened on a target.
public enum GestureEvent: Hashable, Sendable {
    /// A button press began (show the pressed look).
    case pressed
    /// The finger lifted after an uncancelled press (clear the pressed look).
    case released
    /// The press ended without its action (clear the pressed look, run nothing).
    case cancelled
    /// Run the button's action.
    case triggered(TriggerCause)
    /// A gesture attached under `name` changed, ended, failed or was cancelled.
    case gesture(name: String, GestureUpdate)
}

/// One thing the engine reports: when, on which target (nil for the screen's own
/// gestures), and what.
public struct GestureOutput: Hashable, Sendable, CustomStringConvertible {
    public var time: Microseconds
    public var target: String?
    public var event: GestureEvent

    public init(time: Microseconds, target: String?, event: GestureEvent) {
        self.time = time
        self.target = target
        self.event = event
    }

    /// `"<ms> <target or screen> <event>"`, e.g. `600 start triggered tap` or
    /// `2100 screen swipe ended left`: compact enough for table-driven tests.
    public var description: String {
        let ms = time.millisecondsText
        let what: String
        switch event {
        case .pressed: what = "pressed"
        case .released: what = "released"
        case .cancelled: what = "cancelled"
        case .triggered(let cause): what = "triggered \(cause.rawValue)"
        case .gesture(let name, .changed(let value)): what = "\(name) changed \(value)"
        case .gesture(let name, .ended(let value)): what = "\(name) ended \(value)"
        case .gesture(let name, .failed): what = "\(name) failed"
        case .gesture(let name, .cancelled): what = "\(name) cancelled"
        }
        return "\(ms) \(target ?? "screen") \(what)"
    }
}
