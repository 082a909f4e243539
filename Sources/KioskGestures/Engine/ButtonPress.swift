/// Why a button's action ran; the event log's `cause`.
public enum TriggerCause: String, Hashable, Sendable {
    /// Touch up inside: the finger lifted on the button after an uncancelled press.
    case tap
    /// Repeat on hold (SwiftUI's `buttonRepeatBehavior(.enabled)`).
    case `repeat`
    /// A long-press button fired while held.
    case longPress
    /// Activated through the accessibility tree (a screen reader, `kiosk ctl activate`),
    /// with no touch at all.
    case accessibility
}

/// Repeat on hold: the first repeat comes after `delay`, then one every `interval`; after
/// `accelerateAfter` repeats, one every `acceleratedInterval`. A release before the first
/// repeat is a plain tap; a release after it triggers nothing more.
public struct RepeatBehavior: Hashable, Sendable {
    public var delay: Microseconds
    public var interval: Microseconds
    /// Repeats at `interval` before switching to `acceleratedInterval`; nil never accelerates.
    public var accelerateAfter: Int?
    public var acceleratedInterval: Microseconds

    public init(
        delay: Microseconds = GestureConfiguration.standard.repeatDelay,
        interval: Microseconds = GestureConfiguration.standard.repeatInterval,
        accelerateAfter: Int? = nil,
        acceleratedInterval: Microseconds = 50_000
    ) {
        self.delay = delay
        self.interval = interval
        self.accelerateAfter = accelerateAfter
        self.acceleratedInterval = acceleratedInterval
    }

    /// The wait after the `repeats`-th repeat. Never below a millisecond, so a misconfigured
    /// interval cannot stall the engine in a loop of due timers.
    func interval(after repeats: Int) -> Microseconds {
        let base = accelerateAfter.map { repeats >= $0 } == true ? acceleratedInterval : interval
        return max(base, 1_000)
    }
}

/// When a held press stops counting as a press (seed 002's cancellers).
public enum PressCanceller: Hashable, Sendable {
    /// The finger left the target's frame grown by `margin` on every side.
    case outOfBounds(margin: Double)
    /// The finger moved further than `threshold` along either axis from where it went down,
    /// which suits buttons inside something that scrolls.
    case movement(threshold: Double)

    func shouldCancel(frame: Rect, began: TouchLocation, moved: TouchLocation) -> Bool {
        switch self {
        case .outOfBounds(let margin):
            return !frame.insetBy(dx: -margin, dy: -margin).contains(moved)
        case .movement(let threshold):
            return abs(moved.x - began.x) > threshold || abs(moved.y - began.y) > threshold
        }
    }
}

/// The touch-up-inside behaviour of a button: `pressed` when the first finger lands on it,
/// then exactly one ending: `released` (followed by `triggered(.tap)` unless it repeated or
/// is a long-press button) or `cancelled` (a canceller fired, the touch was cancelled, or
/// another gesture claimed the touch). A second finger that lands on a pressed button is
/// not the button's (UIKit's exclusive touch): the first finger's lift still triggers it,
/// once. A cancel never triggers.
public struct ButtonPress: Hashable, Sendable {
    /// A disabled button reports nothing, but still takes the touches that land on it.
    public var isEnabled: Bool
    /// Trigger repeatedly while held (nil: once, on release).
    public var repeatBehavior: RepeatBehavior?
    /// Trigger once when held this long, and not on release (nil: trigger on release).
    public var longPressDuration: Microseconds?
    public var cancellers: [PressCanceller]

    public init(
        isEnabled: Bool = true,
        repeatBehavior: RepeatBehavior? = nil,
        longPressDuration: Microseconds? = nil,
        cancellers: [PressCanceller] = [.outOfBounds(margin: GestureConfiguration.standard.cancelMargin)]
    ) {
        self.isEnabled = isEnabled
        self.repeatBehavior = repeatBehavior
        self.longPressDuration = longPressDuration
        self.cancellers = cancellers
    }
}
