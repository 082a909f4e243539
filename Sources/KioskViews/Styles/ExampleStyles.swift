import KioskGraphics

/// Seed 000's rounded-and-shadow style: white label on a blue rounded plate with a soft
/// shadow; pressed, the shadow collapses and the button shrinks to 95%, on a spring.
public struct RoundedAndShadowButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .foregroundColor(.white)
            .padding(Insets(top: 8, leading: 16, bottom: 8, trailing: 16))
            .background(RoundedRectangle(cornerRadius: 10).fill(Color.blue))
            .contentShape(.roundedRectangle(cornerRadius: 10))
            .compositingGroup()
            .shadow(radius: configuration.isPressed ? 0 : 5, x: 0, y: configuration.isPressed ? 0 : 3)
            .scaleEffect(configuration.isPressed ? 0.95 : 1)
            .animation(.spring(), value: configuration.isPressed)
    }
}

/// Seed 000's "pro" variant: padding and font follow the control size, destructive
/// buttons are red, cancel labels bold, and a pressed button is washed lighter.
public struct RoundedAndShadowProButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        let size = configuration.controlSize
        let shape = configuration.borderShape == .automatic ? Shape.roundedRectangle(cornerRadius: 10)
            : configuration.borderShape.shape(for: size)
        configuration.label
            .foregroundColor(.white)
            .padding(size.padding)
            .font(size.font)
            .fontWeight(configuration.role == .cancel ? .bold : nil)
            .squared(configuration.borderShape.isCircle)
            .background(ShapeDrawing(shape: shape, fill: configuration.role == .destructive ? Color.red : Color.blue, stroke: nil))
            .overlay(ShapeDrawing(shape: shape, fill: Color.white.opacity(configuration.isPressed ? 0.3 : 0), stroke: nil))
            .contentShape(shape)
            .compositingGroup()
            .shadow(radius: configuration.isPressed ? 0 : 5, x: 0, y: configuration.isPressed ? 0 : 3)
            .scaleEffect(configuration.isPressed ? 0.95 : 1)
            .animation(.spring(), value: configuration.isPressed)
    }
}

/// Seed 000's cancellable primitive style: the press is cancelled as soon as the finger
/// leaves the button (no 24 px grace), like a tap gesture; the look is rounded-and-shadow.
public struct CancellableButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        Pressable(cancelMargin: 0, action: { _ in configuration.trigger() }) { isPressed in
            RoundedAndShadowProButtonStyle().makeBody(configuration: configuration.appearance(isPressed: isPressed))
        }
    }
}

/// Seed 000's long-press primitive style: the action runs once, when the button has been
/// held for `minimumDuration` (nil: the configured long press, 500 ms), never on release.
/// The look comes from `appearance` (the pressed look shows while held).
public struct LongPressButtonStyle: PrimitiveButtonStyle {
    let minimumDuration: Double?
    let appearance: any ButtonStyle

    public init(minimumDuration: Double? = nil, appearance: any ButtonStyle = RoundedAndShadowProButtonStyle()) {
        self.minimumDuration = minimumDuration
        self.appearance = appearance
    }

    public func makeBody(configuration: Configuration) -> some View {
        let appearance = self.appearance
        return Pressable(trigger: .longPress(minimumDuration: minimumDuration), action: { _ in configuration.trigger() }) { isPressed in
            styleBody(appearance, configuration.appearance(isPressed: isPressed))
        }
    }
}

extension PrimitiveButtonStyle where Self == LongPressButtonStyle {
    public static func longPress(minimumDuration: Double? = nil) -> LongPressButtonStyle {
        LongPressButtonStyle(minimumDuration: minimumDuration)
    }
}
