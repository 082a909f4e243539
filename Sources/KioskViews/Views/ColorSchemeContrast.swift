/// Whether colours are drawn with more contrast (SwiftUI's `ColorSchemeContrast`, iOS's
/// Increase Contrast): the system colours darken to their accessible variants, secondary
/// text darkens, and bordered buttons get a visible border.
public enum ColorSchemeContrast: Hashable, CaseIterable, Sendable {
    case standard, increased
}

extension View {
    /// Draws the views inside with `contrast`. SwiftUI reads the contrast from the system's
    /// setting only; a kiosk has no system settings, so a part of it (or a preview, or a
    /// test) sets it here, and the whole kiosk through `UIHost.colorSchemeContrast`.
    public func colorSchemeContrast(_ contrast: ColorSchemeContrast) -> some View {
        environment(\._colorSchemeContrast, contrast)
    }
}
