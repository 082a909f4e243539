/// How large text is drawn (SwiftUI's `DynamicTypeSize`, iOS's text size setting): seven
/// standard sizes around the default `large`, then five accessibility sizes for people who
/// need much larger text. Every text-style font (`.body`, `.title`, …) follows it.
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The five sizes beyond `xxxLarge`, where layouts should trade columns for rows.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    public static func < (a: DynamicTypeSize, b: DynamicTypeSize) -> Bool { a.index < b.index }

    /// The position in `allCases`: the column of the text-style size table.
    var index: Int { Self.allCases.firstIndex(of: self)! }

    /// How much the built-in controls' padding grows: the square root of the body text's
    /// growth. The padding keeps the label off the plate's edge and the touch target large,
    /// as UIKit scales a button's content insets; grown as fast as the text it would take
    /// the room a fixed-size panel needs for the larger text itself (at accessibility5 the
    /// body is 3.1 times as large, its padding 1.8 times).
    var paddingScale: Double {
        let body = Font.TextStyle.body
        return (body.pointSize(at: self) / body.pointSize(at: .large)).squareRoot()
    }

    /// `self` moved into `range`.
    func clamped(to range: ClosedRange<DynamicTypeSize>) -> DynamicTypeSize {
        min(max(self, range.lowerBound), range.upperBound)
    }
}

extension View {
    /// Draws the text inside at `size` (a preview of a size, or a part of a kiosk whose
    /// text has a size of its own), within any range an enclosing view limits it to.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        environment(\.dynamicTypeSize, size)
    }

    /// Keeps the text size inside within `range` (`...DynamicTypeSize.xxxLarge` for a part
    /// that cannot grow further), as SwiftUI: the kiosk's size is clamped into it, and so is
    /// any size set inside. An empty range changes nothing.
    public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize {
        EnvironmentModifier(content: self) { environment in
            let sizes = DynamicTypeSize.allCases.filter { range.contains($0) }
            guard let lower = sizes.first, let upper = sizes.last else { return }
            environment.limitDynamicTypeSize(to: lower...upper)
        }
    }
}
