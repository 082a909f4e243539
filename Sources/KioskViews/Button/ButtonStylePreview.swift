import KioskGraphics

/// A button style's look at a fixed state, with no touch handling: galleries and
/// documentation show idle and pressed buttons side by side with it.
public struct ButtonStylePreview<Label: View>: View, PrimitiveView {
    let style: any ButtonStyle
    let role: ButtonRole?
    let isPressed: Bool
    let label: Label

    public init(_ style: any ButtonStyle, role: ButtonRole? = nil, isPressed: Bool, @ViewBuilder label: () -> Label) {
        self.style = style
        self.role = role
        self.isPressed = isPressed
        self.label = label()
    }

    public var body: Never { fatalError("ButtonStylePreview is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let environment = context.environment
        let configuration = ButtonStyleConfiguration(
            label: .init(AnyView(label)), role: role, isPressed: isPressed, controlSize: environment.controlSize,
            isEnabled: environment.isEnabled, tint: role == .destructive ? .red : environment.tint,
            borderShape: environment.buttonBorderShape)
        return resolve(styleBody(style, configuration), context.child(0))
    }
}
