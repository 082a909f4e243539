import KioskGraphics

/// Which way a layout reads, SwiftUI's `LayoutDirection`. Right to left mirrors what
/// `leading` and `trailing` mean: an `HStack` runs from the right, leading padding and
/// alignment go to the right, a grid fills its rows from the right, and text lines up on
/// the right; text itself keeps its own bidi order, and pictures are not flipped.
///
/// The views resolve their leading and trailing into left and right as they are resolved
/// (rather than mirroring frames after layout), so a partial update or a button's pressed
/// look lays out the same way as the first pass.
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

extension HorizontalAlignment {
    /// Leading and trailing as left-to-right layout means them, for `direction`.
    func resolved(_ direction: LayoutDirection) -> HorizontalAlignment {
        switch (self, direction) {
        case (.leading, .rightToLeft): .trailing
        case (.trailing, .rightToLeft): .leading
        default: self
        }
    }
}

extension Alignment {
    func resolved(_ direction: LayoutDirection) -> Alignment {
        Alignment(horizontal: horizontal.resolved(direction), vertical: vertical)
    }
}

extension Insets {
    func resolved(_ direction: LayoutDirection) -> Insets {
        direction == .leftToRight ? self : Insets(top: top, leading: trailing, bottom: bottom, trailing: leading)
    }
}

extension View {
    /// Lays this view and everything inside it out in `direction`.
    public func layoutDirection(_ direction: LayoutDirection) -> some View { environment(\.layoutDirection, direction) }
}
