import KioskGraphics

/// What fills a shape or colours text (SwiftUI's `ShapeStyle`): a `Color`, a gradient, or
/// the environment's foreground or tint.
public protocol ShapeStyle {}

/// A shape style KioskUI knows how to paint. A style of the user's own that KioskUI cannot
/// paint draws with the foreground colour.
protocol PaintingShapeStyle: ShapeStyle {
    func paint(in environment: EnvironmentValues) -> Paint
}

extension ShapeStyle {
    func paint(in environment: EnvironmentValues) -> Paint {
        // A colour, the usual style, is told apart by its type alone: the cast to the
        // protocol searches the conformance tables on every resolution of every shape.
        if let color = self as? Color { return color.paint(in: environment) }
        return (self as? any PaintingShapeStyle)?.paint(in: environment) ?? .color(environment.foregroundColor.resolved(in: environment))
    }
}

/// Type-erased shape style (SwiftUI's `AnyShapeStyle`).
public struct AnyShapeStyle: PaintingShapeStyle {
    private let style: any ShapeStyle

    public init<S: ShapeStyle>(_ style: S) { self.style = style }

    func paint(in environment: EnvironmentValues) -> Paint { style.paint(in: environment) }
}

/// The environment's foreground colour as a style (`.foreground`).
public struct ForegroundStyle: PaintingShapeStyle {
    public init() {}
    func paint(in environment: EnvironmentValues) -> Paint { .color(environment.foregroundColor.resolved(in: environment)) }
}

/// The environment's tint as a style (`.tint`).
public struct TintShapeStyle: PaintingShapeStyle {
    public init() {}
    func paint(in environment: EnvironmentValues) -> Paint { .color(environment.tint.resolved(in: environment)) }
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// `.fill(.red)`, `.foregroundStyle(.blue)`: the colours where a style is expected.
extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
    public static var primary: Color { Color.primary }
    public static var secondary: Color { Color.secondary }
    public static var accentColor: Color { Color.accentColor }
}
