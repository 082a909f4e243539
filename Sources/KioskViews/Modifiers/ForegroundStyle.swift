import KioskGraphics

extension View {
    /// Shapes inside fill with `style` unless told otherwise; text takes its colour (a
    /// gradient's first colour: text is drawn in one colour per run).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { environment in
            let paint = style.paint(in: environment)
            environment.foregroundColor = style.leadingColor(in: environment)
            if case .color = paint { environment.foregroundPaint = nil } else { environment.foregroundPaint = paint }
        }
    }
}

extension Text {
    /// The text in `style`'s colour (a gradient's first colour).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        foregroundColor(style.leadingColor(in: EnvironmentValues()))
    }
}

extension ShapeStyle {
    /// The colour text in this style is drawn in: a colour itself (a system colour keeps
    /// its increased-contrast variant), a gradient's first stop, else what it paints first.
    func leadingColor(in environment: EnvironmentValues) -> Color {
        if let color = self as? Color { return color }
        if let gradient = self as? any GradientView { return gradient.gradient.leadingColor }
        if self is TintShapeStyle { return environment.tint }
        if self is ForegroundStyle { return environment.foregroundColor }
        return Color(style: paint(in: environment))
    }
}

extension Color {
    /// The colour a paint starts with.
    fileprivate init(style paint: Paint) {
        switch paint {
        case let .color(c): self.init(c)
        case let .linearGradient(stops, _, _), let .radialGradient(stops, _, _, _), let .angularGradient(stops, _, _, _):
            self.init(stops.min { $0.location < $1.location }?.color ?? .clear)
        }
    }
}
