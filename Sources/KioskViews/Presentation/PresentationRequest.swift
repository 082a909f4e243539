/// What a presentation modifier (`alert`, `confirmationDialog`, `sheet`) asks the host to
/// show over the whole screen while it is presented.
struct PresentationRequest {
    enum Style {
        /// Centred; scales in from 1.15 with a fade and fades out.
        case alert
        /// At the bottom edge; slides up and back down (an action sheet, a sheet).
        case bottom
    }

    let style: Style
    /// Where the presenting modifier is: the presented views' state lives under it.
    let path: String
    /// The presenting view's environment, which the presented views inherit.
    let environment: EnvironmentValues
    let content: AnyView
    /// Runs once the presentation has gone (a sheet's `onDismiss`).
    let onDismiss: (() -> Void)?
}

/// A view with a presentation attached: its content, and what it presents while presented.
struct PresentationModifier<Content: View>: View, PrimitiveView {
    let content: Content
    let isPresented: Bool
    let style: PresentationRequest.Style
    let onDismiss: (() -> Void)?
    /// The presented views, given the action that dismisses them.
    let presented: (_ dismiss: DismissAction) -> AnyView
    let dismiss: () -> Void

    var body: Never { fatalError("PresentationModifier is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let child = resolve(content, context.child(0))
        context.session.madePresentationNodes = true
        guard isPresented else { return PresentationNode(request: nil, child: child, path: context.path) }
        let request = PresentationRequest(style: style, path: context.path + "#presented", environment: context.environment,
                                          content: presented(DismissAction(dismiss)), onDismiss: onDismiss)
        return PresentationNode(request: request, child: child, path: context.path)
    }
}

/// Where a presentation is attached; it lays out and draws as its content, and the host
/// shows its request over the screen.
final class PresentationNode: ModifierNode {
    let request: PresentationRequest?

    init(request: PresentationRequest?, child: Node, path: String) {
        self.request = request
        super.init(child: child, path: path)
    }
}

extension Node {
    /// The first presentation requested in this tree, in reading order.
    var presentationRequest: PresentationRequest? {
        var found: PresentationRequest?
        forEachNode { node in
            if found == nil, let request = (node as? PresentationNode)?.request { found = request }
        }
        return found
    }
}
