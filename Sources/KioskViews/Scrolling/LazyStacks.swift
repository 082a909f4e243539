/// SwiftUI's `LazyVStack`: a vertical stack whose rows are made, resolved and laid out only
/// while they are in view of the scroll view around it (plus a margin). Rows it has not
/// met yet are taken to be as long as the average of those it has.
public struct LazyVStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: Double
    let pinnedViews: PinnedScrollableViews
    let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing ?? 8
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    public var body: Never { fatalError("LazyVStack is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let horizontal = alignment.resolved(context.environment.layoutDirection)
        return makeLazyStack(content, axis: .vertical, alignment: Alignment(horizontal: horizontal, vertical: .center),
                             spacing: spacing, pinnedViews: pinnedViews, context)
    }
}

/// SwiftUI's `LazyHStack`: `LazyVStack` along the horizontal axis.
public struct LazyHStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: Double
    let pinnedViews: PinnedScrollableViews
    let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing ?? 8
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    public var body: Never { fatalError("LazyHStack is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        makeLazyStack(content, axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment),
                      spacing: spacing, pinnedViews: pinnedViews, context)
    }
}

/// SwiftUI's kinds of views a lazy stack can pin to the edges of the scroll view around it.
/// The kiosk pins section headers; footers are accepted and scroll with their sections.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A lazy stack makes its rows on demand when its content is a list (`lazyRows(of:_:)`).
private func makeLazyStack<Content: View>(_ content: Content, axis: Axis, alignment: Alignment, spacing: Double,
                                          pinnedViews: PinnedScrollableViews, _ context: ResolveContext) -> Node {
    var inner = context
    inner.stackAxis = axis
    let cache = context.session.store.entry(context.path + "#lazy") { LazyRowLengths() }
    return LazyStackNode(axis: axis, alignment: alignment, spacing: spacing, rows: lazyRows(of: content, inner), cache: cache,
                         pinsHeaders: pinnedViews.contains(.sectionHeaders), pinsFooters: pinnedViews.contains(.sectionFooters),
                         session: context.session, path: context.path)
}

/// The rows of a lazy stack's content: made on demand when it is a list (a `ForEach`, a
/// `Section`), or the list an `if` shows; anything else is made at once, its views still
/// laid out only in view.
func lazyRows<Content: View>(of content: Content, _ context: ResolveContext) -> LazyRows {
    if let rows = listRows(of: content, context) { return rows }
    let nodes = resolveChildren(content, context)
    return LazyRows(count: nodes.count, make: { nodes[$0] }, identity: { _ in nil })
}

/// The rows of `content` made on demand when it is a list or an `if` showing one; nil otherwise.
private func listRows<Content: View>(of content: Content, _ context: ResolveContext) -> LazyRows? {
    if let rows = content as? any LazyRowSource { return rows.lazyRows(context) }
    return (content as? any ViewChoice)?.listRows(context)
}

/// A view that shows one of its views (an `if` in a builder): in a lazy stack, the rows of
/// the one shown stay lazy when it is a list, on the path it resolves on anywhere else.
protocol ViewChoice {
    func listRows(_ context: ResolveContext) -> LazyRows?
}

extension ConditionalView: ViewChoice {
    func listRows(_ context: ResolveContext) -> LazyRows? {
        switch self {
        case .first(let view): KioskViews.listRows(of: view, context.child(0))
        case .second(let view): KioskViews.listRows(of: view, context.child(1))
        }
    }
}

extension Optional: ViewChoice where Wrapped: View {
    func listRows(_ context: ResolveContext) -> LazyRows? {
        map { KioskViews.listRows(of: $0, context) } ?? nil
    }
}

/// Rows a lazy stack can make one at a time.
struct LazyRows {
    let count: Int
    let make: (Int) -> Node
    let identity: (Int) -> String?
    /// The section a row belongs to, if any.
    var section: (Int) -> LazySection? = { _ in nil }
}

/// A section's rows in a lazy stack; a header is its first row, a footer its last.
struct LazySection {
    let rows: Range<Int>
    let hasHeader: Bool
    var hasFooter = false
}

protocol LazyRowSource {
    func lazyRows(_ context: ResolveContext) -> LazyRows
}

extension ForEach: LazyRowSource {
    func lazyRows(_ context: ResolveContext) -> LazyRows {
        if Content.self is any LazyRowSource.Type { return flattenedRows(context) }
        return LazyRows(count: count, make: { index in
            let nodes = makeNodes(at: index, context)
            if nodes.count == 1 { return nodes[0] }
            return StackNode(axis: context.stackAxis ?? .vertical, alignment: .center, spacing: 0, children: nodes,
                             path: self.context(at: index, in: context).path)
        }, identity: { index in identity.map { "#id(" + $0(index) + ")" } })
    }
}

extension ForEach {
    /// A `ForEach` of sections lays out their rows one after another: each section's own
    /// rows stay lazy, only the sections' views are made to count them.
    private func flattenedRows(_ context: ResolveContext) -> LazyRows {
        let groups = (0..<count).map { index in
            (element(index) as! any LazyRowSource).lazyRows(self.context(at: index, in: context))
        }
        var starts = [0]
        for group in groups { starts.append(starts[starts.count - 1] + group.count) }
        // The group holding `row`: the last whose start is at or before it.
        func locate(_ row: Int) -> (group: Int, row: Int) {
            var low = 0, high = groups.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= row { low = middle } else { high = middle - 1 }
            }
            return (low, row - starts[low])
        }
        return LazyRows(count: starts[starts.count - 1], make: { row in
            let place = locate(row)
            return groups[place.group].make(place.row)
        }, identity: { row in
            let place = locate(row)
            return groups[place.group].identity(place.row)
        }, section: { row in
            let place = locate(row)
            let start = starts[place.group]
            return groups[place.group].section(place.row).map {
                LazySection(rows: ($0.rows.lowerBound + start)..<($0.rows.upperBound + start), hasHeader: $0.hasHeader,
                            hasFooter: $0.hasFooter)
            }
        })
    }
}

extension Section: LazyRowSource {
    /// The header, the content's rows (made on demand when it is a `ForEach`), the footer;
    /// the header and the footer are one row each, made when in view like any other.
    func lazyRows(_ context: ResolveContext) -> LazyRows {
        let headerCount = Parent.self == EmptyView.self ? 0 : 1
        let footerCount = Footer.self == EmptyView.self ? 0 : 1
        let content = KioskViews.lazyRows(of: self.content, context.child(1))
        let contentEnd = headerCount + content.count
        return LazyRows(count: contentEnd + footerCount, make: { row in
            if row < headerCount { return oneRow(headerNodes(context), context.child(0)) }
            if row < contentEnd { return content.make(row - headerCount) }
            return oneRow(footerNodes(context), context.child(2))
        }, identity: { row in
            row >= headerCount && row < contentEnd ? content.identity(row - headerCount) : nil
        }, section: { _ in
            LazySection(rows: 0..<(contentEnd + footerCount), hasHeader: headerCount == 1, hasFooter: footerCount == 1)
        })
    }

    private func oneRow(_ nodes: [Node], _ context: ResolveContext) -> Node {
        if nodes.count == 1 { return nodes[0] }
        return StackNode(axis: context.stackAxis ?? .vertical, alignment: .center, spacing: 0, children: nodes,
                         path: context.path)
    }
}
