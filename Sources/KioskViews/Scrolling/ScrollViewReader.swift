import KioskGraphics

/// SwiftUI's `ScrollViewReader`: gives its content a proxy that scrolls the scroll views
/// inside it to a view marked with `id(_:)`.
public struct ScrollViewReader<Content: View>: View, PrimitiveView {
    let content: (ScrollViewProxy) -> Content

    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }

    public var body: Never { fatalError("ScrollViewReader is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let scope = context.session.store.entry(context.path + "#reader") { ScrollReaderScope() }
        let node = resolve(content(ScrollViewProxy(scope: scope)), context.child(0))
        scope.root = node
        return node
    }
}

/// The subtree a reader's proxy searches, as last resolved.
final class ScrollReaderScope {
    weak var root: Node?
}

/// Scrolls the scroll views of its reader (SwiftUI's `ScrollViewProxy`).
public struct ScrollViewProxy {
    let scope: ScrollReaderScope

    /// Scrolls the scroll view holding the view with identity `id` so that the view's
    /// `anchor` lines up with the same point of the scroll view (nil: as little as it takes
    /// to show it). Inside `withAnimation` the content springs there; otherwise it jumps.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        guard let root = scope.root else { return }
        let mark = "#id(" + String(describing: id) + ")"
        let animated = Transaction.current.animation != nil
        var scrolls: [ScrollNode] = []
        root.forEachNode { node in
            if let scroll = node as? ScrollNode { scrolls.append(scroll) }
        }
        for scroll in scrolls.reversed() {
            var found: Rect?
            scroll.child.forEachNode { node in
                if found == nil, node.path.hasSuffix(mark) { found = node.frame }
            }
            // A lazy stack's row that is not made yet is where the measured lengths put it.
            for stack in scroll.lazyStacks where found == nil { found = stack.frame(ofRow: mark) }
            guard let target = found else { continue }
            scroll.state.request(scroll.offset(showing: target, anchor: anchor), animated: animated)
            return
        }
    }
}

extension ScrollNode {
    /// The offset that puts `rect` (where it is now) at `anchor` of the view, or just into
    /// view when there is no anchor.
    func offset(showing rect: Rect, anchor: UnitPoint?) -> Point {
        let current = state.offset
        let contentX = rect.minX - child.frame.minX, contentY = rect.minY - child.frame.minY
        func along(_ start: Double, _ length: Double, _ viewport: Double, _ now: Double, _ unit: Double?) -> Double {
            if let unit { return start + length * unit - viewport * unit }
            if start < now { return start }
            if start + length > now + viewport { return start + length - viewport }
            return now
        }
        return Point(x: horizontal ? along(contentX, rect.width, frame.width, current.x, anchor?.x) : current.x,
                     y: vertical ? along(contentY, rect.height, frame.height, current.y, anchor?.y) : current.y)
    }
}
