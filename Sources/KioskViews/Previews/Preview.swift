import KioskCore

/// One preview of a view (SwiftUI's `Preview`, what `#Preview` makes): a name, how it is laid
/// out and the view. An app's `previews` subcommand draws each to `<name>.png`.
public struct Preview {
    /// What the traits of a view's preview apply to (SwiftUI's `Preview.ViewTraits`).
    public struct ViewTraits: Sendable {}

    /// The preview's name, which its PNG takes.
    public let name: String?
    let traits: [PreviewTrait<ViewTraits>]
    private let content: @MainActor () -> AnyView

    public init(_ name: String? = nil, traits: PreviewTrait<ViewTraits>...,
                @ViewBuilder body: @escaping @MainActor () -> any View) {
        self.init(name, traits: traits) { AnyView(body()) }
    }

    init(_ name: String?, traits: [PreviewTrait<ViewTraits>], content: @escaping @MainActor () -> AnyView) {
        self.name = name
        self.traits = traits
        self.content = content
    }

    /// The view shown, made anew for each call as the body of a view is.
    @MainActor public func makeContent() -> AnyView { content() }

    /// The size the preview is drawn at on a panel of `panel`, given a host of its content
    /// at a size: the panel turned to the preview's orientation, then kept whole (the
    /// default), replaced by a fixed size, or narrowed to what the content takes of it for
    /// `sizeThatFitsLayout`. A layout trait wins over the views' `previewLayout(_:)`.
    public func size(on panel: Size, host: (Size) -> UIHost) -> Size {
        var panel = panel
        for case .orientation(let landscape) in traits.map(\.kind) where landscape != (panel.width > panel.height) {
            panel = Size(width: panel.height, height: panel.width)
        }
        lazy var content = host(panel)
        switch traits.compactMap(\.layout).last ?? content.previewLayout ?? .device {
        case .device: return panel
        case .fixed(let width, let height): return Size(width: width, height: height)
        case .sizeThatFits: return content.contentSize
        }
    }
}

extension Preview {
    /// The previews of `content` and of the views written beside it in a `Group` or a
    /// builder (a `PreviewProvider`'s `previews`): `name` for a single view, else `name-1`,
    /// `name-2`… in the order written.
    @MainActor public static func each<Content: View>(of content: Content, named name: String) -> [Preview] {
        let views = siblingViews(of: content)
        return views.enumerated().map { index, view in
            Preview(views.count == 1 ? name : "\(name)-\(index + 1)", traits: []) { view }
        }
    }
}

/// The views a view stands for side by side: a `Group`'s and a builder's, or itself.
func siblingViews<V: View>(of view: V) -> [AnyView] {
    if let siblings = view as? any SiblingViews { return siblings.siblingViews }
    return [AnyView(view)]
}

/// A view that is several views written one after another.
protocol SiblingViews {
    var siblingViews: [AnyView] { get }
}

extension Group: SiblingViews {
    var siblingViews: [AnyView] { KioskViews.siblingViews(of: content) }
}

extension TupleView: SiblingViews {
    var siblingViews: [AnyView] {
        var views: [AnyView] = []
        for child in repeat each content { views += KioskViews.siblingViews(of: child) }
        return views
    }
}
