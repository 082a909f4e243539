import CSwiftConformances
import KioskViews

/// The previews compiled into this executable, its own target's and those of the libraries
/// it links: every type conforming to `PreviewRegistry` (what `#Preview` expands to, and
/// every `PreviewProvider`), found in the Swift runtime's conformance records
/// (`CSwiftConformances`), since Swift has no API to list a protocol's conforming types.
enum PreviewDiscovery {
    /// Where `PreviewRegistry` is declared, as its conformance records name it.
    private static let module = "KioskViews"
    private static let protocolName = "PreviewRegistry"

    /// Every preview, by name. A name is a file name, so two previews may not share one and
    /// none may hold a `/`.
    @MainActor
    static func previews() throws -> [(name: String, preview: Preview)] {
        var previews: [(name: String, preview: Preview)] = []
        for registry in registries() {
            previews += registry.registeredPreviews.map { ($0.name ?? "Preview", $0) }
        }
        previews.sort { $0.name < $1.name }
        let names = previews.map(\.name)
        if let slashed = names.first(where: { $0.contains("/") || $0.isEmpty }) {
            throw ValidationFailure("a preview's name is its file's: \"\(slashed)\" cannot be one")
        }
        if let twice = zip(names, names.dropFirst()).first(where: { $0 == $1 })?.0 {
            throw ValidationFailure("two previews are named \"\(twice)\"")
        }
        return previews
    }

    private static func registries() -> [any PreviewRegistry.Type] {
        var types = [UnsafeRawPointer?](repeating: nil, count: 64)
        var count = kiosk_conforming_types(module, protocolName, &types, types.count)
        if count > types.count {
            types = [UnsafeRawPointer?](repeating: nil, count: count)
            count = kiosk_conforming_types(module, protocolName, &types, types.count)
        }
        return types.prefix(count).compactMap { type in
            type.flatMap { unsafeBitCast($0, to: Any.Type.self) as? any PreviewRegistry.Type }
        }
    }
}
