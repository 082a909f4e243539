import KioskGraphics

/// SwiftUI's `ScrollGeometry`: where a scroll view's content is (its offset, the scroll
/// position), how large it is and how much of it shows, as `onScrollGeometryChange` reads it.
public struct ScrollGeometry: Equatable, Sendable {
    /// How far the content is scrolled: the content's point at the view's top-leading corner
    /// (negative, or past the end, while pulled past an edge).
    public var contentOffset: Point
    /// The content's size as laid out (along a scrolled axis, its ideal length).
    public var contentSize: Size
    /// The scroll view's own size.
    public var containerSize: Size

    public init(contentOffset: Point, contentSize: Size, containerSize: Size) {
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.containerSize = containerSize
    }

    /// The content's rectangle that shows, in the content's coordinates.
    public var visibleRect: Rect { Rect(origin: contentOffset, size: containerSize) }
}

/// The `onScrollGeometryChange` actions round a scroll view, each given the geometry before
/// and after a change and running its own action only when what it reads changed.
typealias ScrollGeometryAction = (_ old: ScrollGeometry, _ new: ScrollGeometry) -> Void

private struct ScrollGeometryActionsKey: EnvironmentKey {
    static var defaultValue: [ScrollGeometryAction] { [] }
}

extension EnvironmentValues {
    /// The actions of the next scroll view inside; a scroll view takes them, so those inside
    /// it are not told.
    var scrollGeometryActions: [ScrollGeometryAction] {
        get { self[ScrollGeometryActionsKey.self] }
        set { self[ScrollGeometryActionsKey.self] = newValue }
    }
}

extension View {
    /// Runs `action` with the old and new value of `transform` applied to the scroll view's
    /// geometry whenever that value changes: as it is scrolled (a drag, a fling's coasting, a
    /// `scrollTo`) or its content or size change. Applied to a scroll view (or round one): the
    /// scroll position is readable this way, e.g. `for: Double.self, of: \.contentOffset.y`.
    public func onScrollGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
                                                     action: @escaping (_ oldValue: T, _ newValue: T) -> Void) -> some View {
        EnvironmentModifier(content: self) {
            $0.scrollGeometryActions.append { old, new in
                let (before, after) = (transform(old), transform(new))
                if before != after { action(before, after) }
            }
        }
    }
}
