/// SwiftUI's `Section`: a header, content and a footer. In a stack it is just its parts, laid
/// out in that order; in a lazy stack its rows stay lazy. The header is an accessibility
/// header (`.isHeader`), so a screen reader can move from section to section.
public struct Section<Parent: View, Content: View, Footer: View>: View, MultiView {
    let header: Parent
    let content: Content
    let footer: Footer

    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.content = content()
        self.footer = footer
    }

    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.init(header: header(), footer: footer(), content: content)
    }

    public var body: Never { fatalError("Section is primitive") }

    func makeNodes(_ context: ResolveContext) -> [Node] {
        headerNodes(context) + resolveChildren(content, context.child(1)) + footerNodes(context)
    }

    func headerNodes(_ context: ResolveContext) -> [Node] {
        if Parent.self == EmptyView.self { return [] }
        return resolveChildren(header.accessibilityAddTraits(.isHeader), context.child(0))
    }

    func footerNodes(_ context: ResolveContext) -> [Node] {
        resolveChildren(footer, context.child(2))
    }
}

extension Section where Footer == EmptyView {
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(header: header, footer: EmptyView(), content: content)
    }

    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(header: header(), footer: EmptyView(), content: content)
    }
}

extension Section where Parent == EmptyView {
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(header: EmptyView(), footer: footer, content: content)
    }

    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(header: EmptyView(), footer: footer(), content: content)
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.init(header: EmptyView(), footer: EmptyView(), content: content)
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section under a title, looked up in the strings table as `Text` does.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(header: Text(titleKey), content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(header: Text(verbatim: String(title)), content: content)
    }
}
