import KioskGraphics

extension View {
    /// Shapes inside fill with `style` unless told otherwise; text takes its colour (a
    /// gradient's first colour: text is drawn in one colour per run).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { environment in
            let paint = style.paint(in: environment)
            environment.foregroundColor = Color(paint.leadingColor)
            if case .color = paint { environment.foregroundPaint = nil } else { environment.foregroundPaint = paint }
        }
    }
}

extension Text {
    /// The text in `style`'s colour (a gradient's first colour).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        foregroundColor(Color(style.paint(in: EnvironmentValues()).leadingColor))
    }
}

extension Paint {
    /// The colour itself, or a gradient's first stop.
    var leadingColor: PixelColor {
        switch self {
        case let .color(c): c
        case let .linearGradient(stops, _, _), let .radialGradient(stops, _, _, _), let .angularGradient(stops, _, _, _):
            stops.min { $0.location < $1.location }?.color ?? .clear
        }
    }
}
