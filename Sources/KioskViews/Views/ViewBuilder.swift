/// Builds views from a closure of statements, as SwiftUI's `@ViewBuilder` does.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }

    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalView<First, Second> {
        .first(first)
    }

    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalView<First, Second> {
        .second(second)
    }

    public static func buildArray<Content: View>(_ content: [Content]) -> ForEach<Content> {
        ForEach(content)
    }

    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views side by side in a builder.
public struct TupleView<each Content: View>: View, MultiView {
    let content: (repeat each Content)

    public init(_ content: repeat each Content) { self.content = (repeat each content) }

    public var body: Never { fatalError("TupleView is primitive") }

    func makeNodes(_ context: ResolveContext) -> [Node] {
        var nodes: [Node] = []
        var index = 0
        for child in repeat each content {
            nodes += resolveChildren(child, context.child(index))
            index += 1
        }
        return nodes
    }
}

/// One branch of an `if`/`else` in a builder.
public enum ConditionalView<First: View, Second: View>: View, MultiView {
    case first(First)
    case second(Second)

    public var body: Never { fatalError("ConditionalView is primitive") }

    func makeNodes(_ context: ResolveContext) -> [Node] {
        switch self {
        case .first(let view): resolveChildren(view, context.child(0))
        case .second(let view): resolveChildren(view, context.child(1))
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional is primitive") }
}

extension Optional: MultiView where Wrapped: View {
    func makeNodes(_ context: ResolveContext) -> [Node] {
        map { resolveChildren($0, context) } ?? []
    }
}

/// Views made from a collection, one per element. Elements are made into views only when
/// asked (`count`, `view(at:)`), so a lazy stack over 10,000 rows makes the few it shows.
/// With an identity (`id:` or `Identifiable`), each view's identity is its element's id,
/// not its place, so its state follows the element when others come and go.
public struct ForEach<Content: View>: View, MultiView {
    let count: Int
    let element: (Int) -> Content
    /// The identity of the element at an index, for data with ids.
    let identity: ((Int) -> String)?

    public init(_ views: [Content]) {
        count = views.count
        element = { views[$0] }
        identity = nil
    }

    public init<Data: Sequence>(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        let elements = Array(data)
        count = elements.count
        element = { content(elements[$0]) }
        identity = nil
    }

    public init<Data: RandomAccessCollection, ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                              @ViewBuilder content: @escaping (Data.Element) -> Content) {
        // The data is kept as it is, not copied: a range of 10,000 rows costs nothing here.
        count = data.count
        element = { content(data[data.index(data.startIndex, offsetBy: $0)]) }
        identity = { String(describing: data[data.index(data.startIndex, offsetBy: $0)][keyPath: id]) }
    }

    public init<Data: RandomAccessCollection>(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where Data.Element: Identifiable {
        self.init(data, id: \.id, content: content)
    }

    public var body: Never { fatalError("ForEach is primitive") }

    /// The context of the view at `index`: under its id when the data has ids.
    func context(at index: Int, in context: ResolveContext) -> ResolveContext {
        guard let identity else { return context.child(index) }
        var inner = context
        inner.path += "#id(" + identity(index) + ")"
        return inner
    }

    /// The nodes of the view at `index`.
    func makeNodes(at index: Int, _ context: ResolveContext) -> [Node] {
        resolveChildren(element(index), self.context(at: index, in: context))
    }

    func makeNodes(_ context: ResolveContext) -> [Node] {
        (0..<count).flatMap { makeNodes(at: $0, context) }
    }
}
