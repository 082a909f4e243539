/// Which way an adjustable element moves (a swipe up or down, a keypad's arrows).
public enum AccessibilityAdjustmentDirection: String, Hashable, Sendable {
    case increment
    case decrement
}
