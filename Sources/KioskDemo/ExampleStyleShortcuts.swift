import KioskViews

// The seeds' shortcuts for their styles live with the demo, not in KioskUI: a product that
// pastes the seeds' code declares the same shortcuts, and two of them would be ambiguous.

extension ButtonStyle where Self == RoundedAndShadowButtonStyle {
    public static var roundedAndShadow: RoundedAndShadowButtonStyle { RoundedAndShadowButtonStyle() }
}

extension ButtonStyle where Self == RoundedAndShadowProButtonStyle {
    public static var roundedAndShadowPro: RoundedAndShadowProButtonStyle { RoundedAndShadowProButtonStyle() }
}

extension PrimitiveButtonStyle where Self == CancellableButtonStyle {
    public static var cancellable: CancellableButtonStyle { CancellableButtonStyle() }
}
