/// SwiftUI's `ViewModifier`: a reusable modification whose `body(content:)` wraps the view
/// it is applied to. Its `@State` and `@Environment` live with the modified view.
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = ViewModifierContent
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` modifies, as its `body(content:)` receives it.
public struct ViewModifierContent: View, PrimitiveView {
    let content: AnyView

    public var body: Never { fatalError("ViewModifierContent is primitive") }
    func makeNode(_ context: ResolveContext) -> Node { resolve(content, context) }
}

/// A view with a modifier applied (`.modifier(_:)`). Its body is the modifier's, so a state
/// change inside the modifier re-resolves just this view.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, PropertyOwner {
    public let content: Content
    public let modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    public var body: Modifier.Body { modifier.body(content: ViewModifierContent(content: AnyView(content))) }

    var propertyOwner: Any { modifier }
}

extension View {
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
