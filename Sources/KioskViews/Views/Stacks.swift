/// Children side by side, left to right.
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: Double
    let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: Double = 8, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { fatalError("HStack is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        var inner = context
        inner.stackAxis = .horizontal
        let children = resolveChildren(content, inner)
        return StackNode(axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing,
                         children: context.environment.layoutDirection == .rightToLeft ? children.reversed() : children,
                         path: context.path)
    }
}

/// Children one above the other.
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: Double
    let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: Double = 8, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { fatalError("VStack is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        var inner = context
        inner.stackAxis = .vertical
        let horizontal = alignment.resolved(context.environment.layoutDirection)
        return StackNode(axis: .vertical, alignment: Alignment(horizontal: horizontal, vertical: .center), spacing: spacing,
                         children: resolveChildren(content, inner), path: context.path)
    }
}

/// Children on top of each other, later ones in front.
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { fatalError("ZStack is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        var inner = context
        inner.stackAxis = nil
        return ZStackNode(alignment: alignment.resolved(context.environment.layoutDirection), children: resolveChildren(content, inner),
                          path: context.path)
    }
}

/// A grid of equal columns filled row by row: a kiosk's button grid. Offered a height,
/// the rows share it equally.
public struct Grid<Content: View>: View, PrimitiveView {
    let columns: Int
    let spacing: Double
    let content: Content

    public init(columns: Int, spacing: Double = 8, @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { fatalError("Grid is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        var inner = context
        inner.stackAxis = nil
        return GridNode(columns: columns, spacing: spacing, rightToLeft: context.environment.layoutDirection == .rightToLeft,
                        children: resolveChildren(content, inner), path: context.path)
    }
}

/// Flexible space along the stack it is in (both ways elsewhere).
public struct Spacer: View, PrimitiveView {
    let minLength: Double

    public init(minLength: Double = 0) { self.minLength = minLength }

    public var body: Never { fatalError("Spacer is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        SpacerNode(minLength: minLength, axis: context.stackAxis, path: context.path)
    }
}
