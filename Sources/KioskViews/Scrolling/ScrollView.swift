/// SwiftUI's `ScrollView`: its content at its ideal length along `axes`, clipped to the
/// view, moved by a drag past the touch slop, coasting after a fling with UIKit's normal
/// deceleration and springing back from past an edge; indicators show while it moves.
/// A button inside is pressed by a touch that starts on it and cancelled once the drag
/// takes the touch. Scroll views on crossed axes nest: each takes the strokes along its own.
public struct ScrollView<Content: View>: View, PrimitiveView {
    let axes: Axis.Set
    let showsIndicators: Bool
    let content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    public var body: Never { fatalError("ScrollView is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let environment = context.environment
        // `onScrollGeometryChange` round this view is this view's, not that of those inside.
        var inner = context.child(0).with { $0.scrollGeometryActions = [] }
        inner.stackAxis = nil
        let child = resolve(content, inner)
        let state = context.session.store.entry(context.path + "#scroll") { ScrollState() }
        let isActive = environment.isEnabled && environment.allowsHitTesting && environment.subviewGesturesEnabled
        let node = ScrollNode(axes: axes, showsIndicators: showsIndicators, touchSlop: environment.gestureConfiguration.touchSlop,
                              isActive: isActive, state: state, child: child, path: context.path)
        node.geometryActions = environment.scrollGeometryActions
        return node
    }
}
