/// A preview of a view, kept next to it as in SwiftUI: `#Preview("Cappuccino") { OrderScreen(…) }`.
/// The app's `previews --out DIR` subcommand draws it to `DIR/Cappuccino.png`; an unnamed one
/// is named by its file and line (`OrderScreen-42.png`).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "KioskPreviewMacros", type: "PreviewMacro")

/// A preview with traits: `#Preview("Order", traits: .sizeThatFitsLayout) { … }` is drawn at the
/// size the view takes, `.fixedLayout(width:height:)` at a size of its own, `.landscapeLeft`
/// and `.portrait` on the panel turned that way.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
                     _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                     @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "KioskPreviewMacros", type: "PreviewMacro")
