extension Button where Label == KioskViews.Label {
    /// A button labelled with a title and a symbol (`Button("Sign In", systemImage: "arrow.up", action: signIn)`).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { KioskViews.Label(title, systemImage: name) }
    }

    public init(_ titleKey: LocalizedStringKey, systemImage name: String, role: ButtonRole? = nil,
                action: @escaping () -> Void) {
        self.init(role: role, action: action) { KioskViews.Label(titleKey, systemImage: name) }
    }
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }
}

extension PrimitiveButtonStyleConfiguration {
    public typealias Label = ButtonStyleConfiguration.Label
}

extension Button where Label == PrimitiveButtonStyleConfiguration.Label {
    /// The standard button for `configuration`, inside a `PrimitiveButtonStyle`: it
    /// triggers the configuration's action and is drawn in the automatic style.
    public init(_ configuration: PrimitiveButtonStyleConfiguration) {
        self.init(role: configuration.role, action: configuration.trigger) { configuration.label }
        usesAutomaticStyle = true
    }
}
