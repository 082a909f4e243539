import KioskGraphics

/// A control that runs an action when tapped (SwiftUI's `Button`). Its look and touch
/// handling come from the nearest `buttonStyle`; its name in the event log from `.id(_:)`.
public struct Button<Label: View>: View, PrimitiveView {
    let role: ButtonRole?
    let action: () -> Void
    let label: Label
    /// `Button(configuration)` inside a primitive style: drawn in the automatic style, not
    /// the primitive style that made it.
    var usesAutomaticStyle = false

    public init(role: ButtonRole? = nil, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.role = role
        self.action = action
        self.label = label()
    }

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    public var body: Never { fatalError("Button is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let environment = context.environment
        // In a dialog, every button dismisses it after its action.
        let action = environment.dialog.map { dialog in
            dialog.roles.append(role)
            return { [action = self.action] in
                action()
                dialog.dismiss()
            }
        } ?? self.action
        let tint = role == .destructive ? Color.red : environment.tint
        let labelView = ButtonStyleConfiguration.Label(AnyView(label))
        var inner = context.with { $0.pendingID = $0.pendingID ?? "button" + context.path }
        inner.stackAxis = nil
        let view: AnyView
        switch usesAutomaticStyle ? .standard(AutomaticButtonStyle()) : environment.buttonStyle {
        case .standard(let style):
            let role = self.role
            view = AnyView(Pressable(trigger: environment.buttonRepeatBehavior == .enabled ? .repeating : .onRelease,
                                     action: { [action] _ in action() }) { isPressed in
                styleBody(style, ButtonStyleConfiguration(
                    label: labelView, role: role, isPressed: isPressed, controlSize: environment.controlSize,
                    isEnabled: environment.isEnabled, tint: tint, borderShape: environment.buttonBorderShape))
            })
        case .primitive(let style):
            view = styleBody(style, PrimitiveButtonStyleConfiguration(
                label: labelView, role: role, controlSize: environment.controlSize, isEnabled: environment.isEnabled,
                tint: tint, borderShape: environment.buttonBorderShape,
                repeatBehavior: environment.buttonRepeatBehavior, action: action))
        }
        let node = resolve(view, inner.child(0))
        // Disabled buttons are dimmed whatever their style.
        return environment.isEnabled ? node : OpacityNode(opacity: 0.4, child: node, path: context.path)
    }
}

extension Button where Label == Text {
    /// A button titled with `title` as it is (a literal title is a `LocalizedStringKey`).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }

    public init(_ title: Text, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { title }
    }
}

extension Button where Label == KioskViews.Label {
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image: Image, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { KioskViews.Label(Text(title), image: image) }
    }

    public init(_ titleKey: LocalizedStringKey, image: Image, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { KioskViews.Label(Text(titleKey), image: image) }
    }
}
