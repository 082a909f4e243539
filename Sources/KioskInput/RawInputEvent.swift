import KioskCore

/// A libinput event reduced to the values touch and key translation need. Plain values, so the
/// translation (`TouchTranslator`) is tested without a device or libinput.
public enum RawInputEvent: Hashable, Sendable {
    /// A touch point; `x`/`y` are normalised to 0...1 across the panel for down and
    /// move, nil for up and cancel. `slot` is libinput's seat slot.
    case touch(device: Int, slot: Int, phase: TouchPhase, x: Double?, y: Double?, time: Microseconds)
    /// The end of one hardware frame of a touch device.
    case touchFrame(device: Int, time: Microseconds)
    /// A relative pointer (mouse) moved by panel pixels.
    case pointerMotion(device: Int, dx: Double, dy: Double, time: Microseconds)
    /// An absolute pointer (tablet) is at a position normalised to 0...1.
    case pointerPosition(device: Int, x: Double, y: Double, time: Microseconds)
    /// The left (primary) pointer button went down or up.
    case pointerButton(device: Int, pressed: Bool, time: Microseconds)
    /// A key of a keyboard or keypad went down or up (its linux/input-event-codes.h code).
    case key(device: Int, code: UInt32, pressed: Bool, time: Microseconds)
    /// The device went away (unplugged, or a virtual device destroyed).
    case deviceRemoved(device: Int, time: Microseconds)
}
