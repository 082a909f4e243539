/// SwiftUI's `LazyVStack`: a vertical stack whose rows are made, resolved and laid out only
/// while they are in view of the scroll view around it (plus a margin). Rows it has not
/// met yet are taken to be as long as the average of those it has.
public struct LazyVStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: Double
    let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing ?? 8
        self.content = content()
    }

    public var body: Never { fatalError("LazyVStack is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let horizontal = alignment.resolved(context.environment.layoutDirection)
        return makeLazyStack(content, axis: .vertical, alignment: Alignment(horizontal: horizontal, vertical: .center),
                             spacing: spacing, context)
    }
}

/// SwiftUI's `LazyHStack`: `LazyVStack` along the horizontal axis.
public struct LazyHStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: Double
    let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing ?? 8
        self.content = content()
    }

    public var body: Never { fatalError("LazyHStack is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        makeLazyStack(content, axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment),
                      spacing: spacing, context)
    }
}

/// SwiftUI's kinds of views a lazy stack can pin to its edges; accepted for compatibility,
/// the kiosk's lazy stacks pin none.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A lazy stack over a `ForEach` makes its rows on demand; over anything else, its rows are
/// the content's views, made at once but still laid out only in view.
private func makeLazyStack<Content: View>(_ content: Content, axis: Axis, alignment: Alignment, spacing: Double,
                                          _ context: ResolveContext) -> Node {
    var inner = context
    inner.stackAxis = axis
    let cache = context.session.store.entry(context.path + "#lazy") { LazyRowLengths() }
    if let rows = content as? any LazyRowSource {
        return LazyStackNode(axis: axis, alignment: alignment, spacing: spacing, rows: rows.lazyRows(inner), cache: cache,
                             path: context.path)
    }
    let nodes = resolveChildren(content, inner)
    return LazyStackNode(axis: axis, alignment: alignment, spacing: spacing,
                         rows: LazyRows(count: nodes.count, make: { nodes[$0] }, identity: { _ in nil }), cache: cache,
                         path: context.path)
}

/// Rows a lazy stack can make one at a time.
struct LazyRows {
    let count: Int
    let make: (Int) -> Node
    let identity: (Int) -> String?
}

protocol LazyRowSource {
    func lazyRows(_ context: ResolveContext) -> LazyRows
}

extension ForEach: LazyRowSource {
    func lazyRows(_ context: ResolveContext) -> LazyRows {
        LazyRows(count: count, make: { index in
            let nodes = makeNodes(at: index, context)
            if nodes.count == 1 { return nodes[0] }
            return StackNode(axis: context.stackAxis ?? .vertical, alignment: .center, spacing: 0, children: nodes,
                             path: self.context(at: index, in: context).path)
        }, identity: { index in identity.map { "#id(" + $0(index) + ")" } })
    }
}
