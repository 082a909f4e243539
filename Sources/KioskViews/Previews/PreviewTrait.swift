/// A setting of a preview (SwiftUI's `PreviewTrait`): `#Preview("Order", traits:
/// .sizeThatFitsLayout) { … }`. The layouts set the size the preview is drawn at, the
/// orientations turn the panel.
public struct PreviewTrait<T>: Sendable {
    enum Kind: Sendable {
        case layout(PreviewLayout)
        /// Landscape (wider than high) or portrait.
        case orientation(landscape: Bool)
    }

    let kind: Kind

    var layout: PreviewLayout? {
        if case .layout(let layout) = kind { return layout }
        return nil
    }
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The whole panel (`previews --size`, 1280×800 by default).
    public static var defaultLayout: PreviewTrait<T> { PreviewTrait(kind: .layout(.device)) }
    /// The size the view takes of the panel.
    public static var sizeThatFitsLayout: PreviewTrait<T> { PreviewTrait(kind: .layout(.sizeThatFits)) }
    /// A size of its own, whatever the panel's.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<T> {
        PreviewTrait(kind: .layout(.fixed(width: width, height: height)))
    }
    public static var portrait: PreviewTrait<T> { PreviewTrait(kind: .orientation(landscape: false)) }
    public static var portraitUpsideDown: PreviewTrait<T> { PreviewTrait(kind: .orientation(landscape: false)) }
    public static var landscapeLeft: PreviewTrait<T> { PreviewTrait(kind: .orientation(landscape: true)) }
    public static var landscapeRight: PreviewTrait<T> { PreviewTrait(kind: .orientation(landscape: true)) }
}

/// How a preview is sized (SwiftUI's `PreviewLayout`).
public enum PreviewLayout: Sendable {
    /// The whole panel.
    case device
    /// The size the view takes of the panel.
    case sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}
