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

/// Views made from a collection, one per element.
public struct ForEach<Content: View>: View, MultiView {
    let views: [Content]

    public init(_ views: [Content]) { self.views = views }

    public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> Content) {
        views = data.map(content)
    }

    public var body: Never { fatalError("ForEach is primitive") }

    func makeNodes(_ context: ResolveContext) -> [Node] {
        views.enumerated().flatMap { resolveChildren($0.element, context.child($0.offset)) }
    }
}
