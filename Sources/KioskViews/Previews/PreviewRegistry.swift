/// A type holding previews, which an app's `previews` subcommand finds in its executable by
/// this conformance (`KioskCommandLine`'s `PreviewDiscovery`): each `#Preview` expands to
/// one, and every `PreviewProvider` is one. As in SwiftUI, where `#Preview` also expands to
/// a type of this name, code does not conform to it by hand.
@MainActor
public protocol PreviewRegistry {
    /// The previews, each with its name.
    static var registeredPreviews: [Preview] { get }
}
