import KioskGraphics

/// The look shared by `bordered` and `borderedProminent`: the label padded by the control
/// size, on a plate of the border shape. Pressed, the plate darkens (an ease of 0.15 s).
/// With increased contrast a bordered plate gets a border in the tint: its translucent
/// plate alone hardly stands out from the background.
struct BorderedLook: View {
    let configuration: ButtonStyleConfiguration
    let prominent: Bool
    @Environment(\.colorSchemeContrast) private var contrast

    /// The border's width at increased contrast.
    static let increasedContrastBorder = 2.0

    var body: some View {
        let size = configuration.controlSize
        let shape = configuration.borderShape.shape(for: size)
        let tint = configuration.tint
        let plate: Color
        if prominent {
            plate = configuration.isPressed ? tint.darkened(by: 0.15) : tint
        } else {
            plate = tint.opacity(configuration.isPressed ? 0.3 : 0.15)
        }
        return configuration.label
            .font(size.font)
            .fontWeight(configuration.role == .cancel ? .bold : nil)
            .foregroundColor(prominent ? .white : tint)
            .controlPadding(size)
            .squared(configuration.borderShape.isCircle)
            .background(ShapeDrawing(shape: shape, fill: plate,
                                     stroke: prominent || contrast == .standard ? nil : (tint, Self.increasedContrastBorder)))
            .contentShape(shape)
            .animation(.easeOut(duration: 0.15), value: configuration.isPressed)
    }
}

/// Label on a tinted translucent plate in the tint colour.
public struct BorderedButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        BorderedLook(configuration: configuration, prominent: false)
    }
}

/// White label on a plate of the tint colour.
public struct BorderedProminentButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        BorderedLook(configuration: configuration, prominent: true)
    }
}

/// The default: on a kiosk panel a button needs a visible plate, so this is `bordered`.
public struct AutomaticButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        BorderedLook(configuration: configuration, prominent: false)
    }
}

/// The label in the tint colour, no plate; pressed, it fades.
public struct BorderlessButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        let size = configuration.controlSize
        configuration.label
            .font(size.font)
            .fontWeight(configuration.role == .cancel ? .bold : nil)
            .foregroundColor(configuration.tint)
            .controlPadding(size)
            .contentShape(.rectangle)
            .opacity(configuration.isPressed ? 0.3 : 1)
            .animation(.easeOut(duration: 0.15), value: configuration.isPressed)
    }
}

/// The label as it is (destructive labels red); pressed, it dims.
public struct PlainButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        let label = configuration.label
            .fontWeight(configuration.role == .cancel ? .bold : nil)
            .contentShape(.rectangle)
            .opacity(configuration.isPressed ? 0.5 : 1)
            .animation(.easeOut(duration: 0.15), value: configuration.isPressed)
        if configuration.role == .destructive {
            label.foregroundColor(.red)
        } else {
            label
        }
    }
}

/// An underlined label in the tint colour, like a web link.
public struct LinkButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(configuration.controlSize.font)
            .fontWeight(configuration.role == .cancel ? .bold : nil)
            .environment(\.underlinesText, true)
            .foregroundColor(configuration.tint)
            .contentShape(.rectangle)
            .opacity(configuration.isPressed ? 0.5 : 1)
            .animation(.easeOut(duration: 0.15), value: configuration.isPressed)
    }
}

extension ButtonStyle where Self == AutomaticButtonStyle {
    public static var automatic: AutomaticButtonStyle { AutomaticButtonStyle() }
}

extension ButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension ButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension ButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension ButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension ButtonStyle where Self == LinkButtonStyle {
    public static var link: LinkButtonStyle { LinkButtonStyle() }
}

extension View {
    /// Pads a built-in style's label by `size` at the Dynamic Type size it is drawn at.
    func controlPadding(_ size: ControlSize) -> some View {
        modified { node, context in
            let insets = size.padding(at: context.environment.dynamicTypeSize)
            return PaddingNode(insets: insets.resolved(context.environment.layoutDirection), child: node, path: context.path)
        }
    }

    /// Makes the view square (its larger side): a circular button.
    func squared(_ on: Bool) -> some View {
        modified { node, context in on ? SquareNode(child: node, path: context.path) : node }
    }
}
