import KioskGraphics

/// A shape as a view: it fills what it is offered with the foreground colour unless told
/// to `fill`, `stroke` or `strokeBorder`.
public protocol ShapeView: View where Body == Never {
    var shape: Shape { get }
}

extension ShapeView {
    public var body: Never { fatalError("\(Self.self) is primitive") }

    @inlinable public func fill<S: ShapeStyle>(_ content: S) -> some View {
        ShapeDrawing(shape: shape, fill: content, stroke: nil)
    }

    /// A border `lineWidth` wide inside the shape's edge.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> some View {
        ShapeDrawing(shape: shape, fill: nil, stroke: (content, lineWidth))
    }

    /// A line `lineWidth` wide centred on the shape's edge, as in SwiftUI: half of it lies
    /// outside the frame (`strokeBorder` keeps it inside).
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> some View {
        ShapeDrawing(shape: shape, fill: nil, stroke: (content, lineWidth), strokePlacement: .centred)
    }

    /// A line `lineWidth` wide centred on the shape's edge, in the foreground style.
    public func stroke(lineWidth: Double = 1) -> some View { stroke(.foreground, lineWidth: lineWidth) }
}

/// Where a shape's stroke lies: inside its edge (`strokeBorder`), or centred on it (`stroke`).
@usableFromInline enum StrokePlacement {
    case inside, centred
}

/// A shape filled or stroked; the styles are painted in the environment the shape is
/// resolved in (`.foreground`, `.tint`). Inlinable for the reason `ModifiedView` gives.
@usableFromInline struct ShapeDrawing: View, PrimitiveView {
    let shape: Shape
    let fill: (any ShapeStyle)?
    let stroke: (any ShapeStyle, lineWidth: Double)?
    var strokePlacement = StrokePlacement.inside

    @usableFromInline init(shape: Shape, fill: (any ShapeStyle)?, stroke: (any ShapeStyle, lineWidth: Double)?,
                           strokePlacement: StrokePlacement = .inside) {
        (self.shape, self.fill, self.stroke, self.strokePlacement) = (shape, fill, stroke, strokePlacement)
    }

    @usableFromInline var body: Never { fatalError("ShapeDrawing is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let (fill, stroke) = paints(in: context.environment)
        return ShapeNode(shape: shape, fill: fill, stroke: stroke, strokePlacement: strokePlacement, path: context.path)
    }

    @inlinable static func _update(_ view: Self, in place: _ViewPlace) -> _ViewPlaceResult {
        _ViewPlaceResult(view.update(place.node, place.context))
    }

    @usableFromInline func update(_ node: Node, _ context: ResolveContext) -> InPlaceResult {
        guard let node = node as? ShapeNode, node.path == context.path else { return .replaced(makeNode(context)) }
        let (fill, stroke) = paints(in: context.environment)
        let adopted = node.take(shape: shape, fill: fill, stroke: stroke, strokePlacement: strokePlacement)
        return .updated(node.finishUpdate(adopted: adopted, below: .unchanged))
    }

    private func paints(in environment: EnvironmentValues) -> (fill: Paint?, stroke: (Paint, lineWidth: Double)?) {
        // Neither fill nor stroke given: filled with the foreground colour, as in SwiftUI.
        let paint = fill.map { $0.paint(in: environment) } ?? (stroke == nil ? environment.foregroundFill : nil)
        return (paint, stroke.map { ($0.0.paint(in: environment), $0.lineWidth) })
    }
}

/// Resolves any `ShapeView` filled with the foreground colour.
struct ForegroundShape {
    let shape: Shape

    func makeNode(_ context: ResolveContext) -> Node {
        ShapeNode(shape: shape, fill: context.environment.foregroundFill, stroke: nil, path: context.path)
    }
}

extension EnvironmentValues {
    /// What a shape told neither to fill nor to stroke fills with.
    var foregroundFill: Paint { foregroundPaint ?? .color(foregroundColor.resolved(in: self)) }
}

public struct Rectangle: ShapeView, PrimitiveView {
    public init() {}
    public var shape: Shape { .rectangle }
    func makeNode(_ context: ResolveContext) -> Node { ForegroundShape(shape: shape).makeNode(context) }
}

public struct RoundedRectangle: ShapeView, PrimitiveView {
    public let cornerRadius: Double
    public var style: RoundedCornerStyle = .circular
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    public var shape: Shape { .roundedRectangle(CornerRadii(cornerRadius, isContinuous: style == .continuous)) }
    func makeNode(_ context: ResolveContext) -> Node { ForegroundShape(shape: shape).makeNode(context) }
}

public struct Capsule: ShapeView, PrimitiveView {
    public init() {}
    public var shape: Shape { .capsule }
    func makeNode(_ context: ResolveContext) -> Node { ForegroundShape(shape: shape).makeNode(context) }
}

public struct Circle: ShapeView, PrimitiveView {
    public init() {}
    public var shape: Shape { .circle }
    func makeNode(_ context: ResolveContext) -> Node { ForegroundShape(shape: shape).makeNode(context) }
}
