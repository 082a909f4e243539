import KioskGestures
import KioskGraphics

/// What the run loop drives: touches and time go in, frames come out. The UI's host is one
/// (wrapped with its event log); a panel test pattern is another. Times are µs on the
/// input clock (CLOCK_MONOTONIC, as libinput stamps touches).
public protocol KioskScene: AnyObject {
    func handle(_ frame: TouchFrame)
    /// A key of a keyboard or keypad (focus navigation); scenes without focus ignore it.
    func handle(_ key: KeyEvent)
    func advance(to time: Microseconds)
    /// When `advance(to:)` must be called next (a gesture timer, an animation frame); nil
    /// when nothing is scheduled, so an idle kiosk never wakes up.
    var nextDeadline: Microseconds? { get }
    /// True when `render` would draw something.
    var needsFrame: Bool { get }
    /// Draws what changed into `canvas` and returns the damage.
    func render(into canvas: Canvas) -> Region
    /// False once the scene is done (a played script's end); the run loop then returns.
    var isRunning: Bool { get }
}

extension KioskScene {
    public func handle(_ key: KeyEvent) {}
}
