/// The kinds of safe area a view can ignore. A kiosk panel has no notch or bars, so the
/// only inset is the keyboard's: while a text field is edited, the on-screen keyboard's
/// height is a bottom inset that lifts the field above it or scrolls it into view.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The container's insets (bars and the like): none on a kiosk panel.
    public static let container = SafeAreaRegions(rawValue: 1 << 0)
    /// The on-screen keyboard.
    public static let keyboard = SafeAreaRegions(rawValue: 1 << 1)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// Lets the view go under the given insets: with `.keyboard` (and the bottom edge), a
    /// text field inside stays where it is when the keyboard comes, even if it is covered.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        EnvironmentModifier(content: self) {
            if regions.contains(.keyboard), edges.contains(.bottom) { $0.textInput.avoidsKeyboard = false }
        }
    }
}
