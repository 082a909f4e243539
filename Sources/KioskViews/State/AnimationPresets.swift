/// SwiftUI's animation presets written without parentheses (`.easeInOut`, `.spring`).
extension Animation {
    public static var easeInOut: Animation { .easeInOut(duration: 0.35) }
    public static var easeOut: Animation { .easeOut(duration: 0.35) }
    public static var linear: Animation { .linear(duration: 0.35) }
    public static var spring: Animation { .spring() }
}
