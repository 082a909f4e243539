import KioskGestures
import KioskGraphics

/// What the host keeps for the screen reader and keypad focus: the mode, the focused
/// element, and the recognizers of explore mode and of the gesture that switches it.
struct ScreenReader {
    var mode: AccessibilityMode = .standard
    /// The focused element's id; nil when nothing has the focus (no ring is drawn).
    var focusedID: String? {
        didSet { if focusedID != oldValue { focusedFrame = nil } }
    }
    /// Where the focused element was, and the placement it was found in: the ring is drawn
    /// there until the screen is laid out or scrolled again.
    var focusedFrame: (frame: Rect, placement: AccessibilityPlacement)?
    /// The focus when the current explore touch began: a flick moves on from it, and a
    /// double tap activates it, whatever the touch itself passed over.
    var focusBeforeTouch: String?
    /// The elements as last listed, and the placement they were listed from: moving the focus
    /// again lists nothing anew until the screen is resolved, laid out or scrolled again.
    var elements: (list: [AccessibilityElement], placement: AccessibilityPlacement, direction: LayoutDirection)?
    var explore = ExploreGestures()
    var toggleGesture = ThreeFingerTripleTap()
    /// Slots whose touches the gesture engine has: only they end there, so a press under way
    /// when explore mode comes on is cancelled and never stays pressed.
    var engineSlots: [Int: TouchLocation] = [:]
    /// A Shift key is held (Shift-Tab moves back).
    var isShiftDown = false
}
