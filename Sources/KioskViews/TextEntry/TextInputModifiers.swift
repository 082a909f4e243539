/// What the text fields inside a view are set up with: the keyboard, the return key, the
/// look and what submitting runs.
struct TextInputConfiguration {
    var keyboardType: UIKeyboardType = .default
    var submitLabel: SubmitLabel = .return
    var decoration: TextFieldDecoration = .none
    /// The `onSubmit` actions round the field, innermost first.
    var submitActions: [() -> Void] = []
    /// False under `ignoresSafeArea(.keyboard)`: the keyboard may cover the field.
    var avoidsKeyboard = true
}

private struct TextInputConfigurationKey: EnvironmentKey {
    static var defaultValue: TextInputConfiguration { TextInputConfiguration() }
}

extension EnvironmentValues {
    var textInput: TextInputConfiguration {
        get { self[TextInputConfigurationKey.self] }
        set { self[TextInputConfigurationKey.self] = newValue }
    }
}

extension View {
    /// Runs `action` when a text field inside is submitted: its return key, or Enter on a
    /// hardware keyboard. Every `onSubmit` round the field runs, the innermost first.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        EnvironmentModifier(content: self) { if triggers.contains(.text) { $0.textInput.submitActions.insert(action, at: 0) } }
    }

    /// The keyboard the text fields inside show: `.numberPad` is the PIN keypad.
    public func keyboardType(_ type: UIKeyboardType) -> some View {
        EnvironmentModifier(content: self) { $0.textInput.keyboardType = type }
    }

    /// What the return key of the text fields inside says.
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View {
        EnvironmentModifier(content: self) { $0.textInput.submitLabel = submitLabel }
    }

    /// The look of the text fields inside.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.textInput.decoration = style._decoration }
    }

    /// Accepted for SwiftUI's sake: a kiosk has no autofill for it to help.
    public func textContentType(_ textContentType: UITextContentType?) -> some View { self }
}
