/// How touches reach the UI. `explore` is the screen-reader model of VoiceOver: a finger
/// touching or sliding announces the element under it, a double tap anywhere activates the
/// focused element, a one-finger flick right or left moves to the next or previous one, and
/// a single tap never triggers anything.
public enum AccessibilityMode: String, Hashable, Sendable, CaseIterable {
    case standard
    case explore
}
