extension View {
    /// How the preview showing this view is sized (SwiftUI's `previewLayout(_:)`), for the
    /// views of a `PreviewProvider`: `.sizeThatFits` draws the size the view takes of the
    /// panel. A `#Preview`'s layout trait wins over it.
    public func previewLayout(_ layout: PreviewLayout) -> some View {
        modified { PreviewLayoutNode(layout: layout, child: $0, path: $1.path) }
    }

    /// The name Xcode's canvas shows above the preview (SwiftUI's `previewDisplayName(_:)`).
    /// Taken as SwiftUI takes it and shown nowhere: `previews` names a `PreviewProvider`'s
    /// PNGs by its type, so that they stay put when the views change.
    public func previewDisplayName(_ name: String?) -> some View { self }
}

/// Carries a view's `previewLayout` up to the preview that draws it (`UIHost.previewLayout`).
final class PreviewLayoutNode: ModifierNode {
    let layout: PreviewLayout

    init(layout: PreviewLayout, child: Node, path: String) {
        self.layout = layout
        super.init(child: child, path: path)
    }
}

extension UIHost {
    /// The layout the shown screen's views ask for with `previewLayout(_:)`, the outermost first.
    var previewLayout: PreviewLayout? {
        func search(_ node: Node) -> PreviewLayout? {
            if let node = node as? PreviewLayoutNode { return node.layout }
            return node.children.lazy.compactMap(search).first
        }
        return rootNode.flatMap(search)
    }
}
