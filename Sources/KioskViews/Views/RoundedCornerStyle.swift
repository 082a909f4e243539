/// How a rounded rectangle's corners meet its sides: circular arcs or a continuous curve.
public enum RoundedCornerStyle: Hashable, Sendable {
    case circular, continuous
}

extension RoundedRectangle {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle) {
        self.init(cornerRadius: cornerRadius)
        self.style = style
    }

    public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        self.init(cornerRadius: min(cornerSize.width, cornerSize.height), style: style)
    }
}
