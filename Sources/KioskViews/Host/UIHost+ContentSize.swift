import KioskCore

extension UIHost {
    /// The size the shown screen's content takes when offered the host's size: what a
    /// `sizeThatFitsLayout` preview is drawn at.
    public var contentSize: Size {
        guard let root = rootNode as? ScreenRootNode else { return size }
        return root.content.sizeThatFits(ProposedSize(size))
    }
}
