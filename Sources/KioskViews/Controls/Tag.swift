extension View {
    /// Names the view for the `Picker` or `TabView` it is in: choosing it sets the
    /// selection to `tag`.
    public func tag<V: Hashable>(_ tag: V) -> some View {
        TaggedView(content: self, tag: AnyHashable(tag))
    }
}

/// A view with a tag; it draws as its content.
struct TaggedView<Content: View>: View, PrimitiveView {
    let content: Content
    let tag: AnyHashable

    var body: Never { fatalError("TaggedView is primitive") }

    func makeNode(_ context: ResolveContext) -> Node { resolve(content, context) }
}

/// One choice of a picker or page of a tab view: a view and the tag it was given.
struct TaggedChoice {
    let tag: AnyHashable?
    let view: AnyView
}

/// The views a builder's content stands for, one by one (a tuple's, a `ForEach`'s, the
/// branch an `if` took), each with its tag.
func taggedChoices<V: View>(_ content: V) -> [TaggedChoice] {
    if let list = content as? any ViewList {
        return list.listedViews.flatMap { taggedChoices($0) }
    }
    if let tagged = content as? any TagCarrying {
        return [TaggedChoice(tag: tagged.tagValue, view: AnyView(content))]
    }
    return [TaggedChoice(tag: nil, view: AnyView(content))]
}

private protocol TagCarrying {
    var tagValue: AnyHashable { get }
}

extension TaggedView: TagCarrying {
    var tagValue: AnyHashable { tag }
}

/// A view that stands for several sibling views, which a picker takes apart.
protocol ViewList {
    var listedViews: [any View] { get }
}

extension TupleView: ViewList {
    var listedViews: [any View] {
        var views: [any View] = []
        for child in repeat each content { views.append(child) }
        return views
    }
}

extension ForEach: ViewList {
    var listedViews: [any View] { (0..<count).map { element($0) } }
}

extension Group: ViewList {
    var listedViews: [any View] { [content] }
}

extension Optional: ViewList where Wrapped: View {
    var listedViews: [any View] { map { [$0] } ?? [] }
}

extension ConditionalView: ViewList {
    var listedViews: [any View] {
        switch self {
        case .first(let view): [view]
        case .second(let view): [view]
        }
    }
}
