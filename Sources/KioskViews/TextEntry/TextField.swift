/// A one-line editable text (SwiftUI's `TextField`): a tap gives it the focus, and while it
/// has the focus it is edited — a blinking caret after the text, and the on-screen keyboard
/// at the bottom of the screen (or a hardware keyboard) types into `text`. Empty, it shows
/// its prompt (or its title) in grey. The keyboard, the return key and the look come from
/// `keyboardType`, `submitLabel` and `textFieldStyle`; return runs `onSubmit` and ends editing.
public struct TextField: View {
    let title: Text
    let text: Binding<String>
    let prompt: Text?
    let isSecure: Bool

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        self.init(title: Text(titleKey), text: text, prompt: prompt, isSecure: false)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.init(title: Text(verbatim: String(title)), text: text, prompt: prompt, isSecure: false)
    }

    init(title: Text, text: Binding<String>, prompt: Text?, isSecure: Bool) {
        self.title = title
        self.text = text
        self.prompt = prompt
        self.isSecure = isSecure
    }

    /// Reads the text here, so a change to it re-resolves only the field.
    public var body: some View {
        TextFieldBody(title: title, text: text, string: text.wrappedValue, prompt: prompt, isSecure: isSecure)
    }
}

/// A text field resolved: its box, the tap that focuses it and its accessibility element.
struct TextFieldBody: View, PrimitiveView {
    let title: Text
    let text: Binding<String>
    let string: String
    let prompt: Text?
    let isSecure: Bool

    var body: Never { fatalError("TextFieldBody is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        let environment = context.environment
        let configuration = environment.textInput
        let path = context.path
        let session = environment.textEditing
        let field = TextInputField(path: path, text: text, keyboardType: configuration.keyboardType,
                                   submitLabel: configuration.submitLabel, submitActions: configuration.submitActions,
                                   avoidsKeyboard: configuration.avoidsKeyboard)
        let label = title.string(in: environment)
        let content = TextFieldContent(
            field: path, text: isSecure ? String(repeating: "•", count: string.count) : string,
            placeholder: (prompt ?? title).string(in: environment), font: environment.scaledFont,
            color: environment.foregroundColor.resolved(in: environment), caretColor: environment.tint.resolved(in: environment),
            decoration: configuration.decoration, isEnabled: environment.isEnabled)
        let core = TextFieldCore(content: content, session: session)
            .onTapGesture { session?.focusField(path) }
            .accessibility { properties, _ in
                properties.label = label
                properties.value = isSecure ? String(repeating: "•", count: min(string.count, 3)) : string
                properties.addedTraits = .isTextField
                properties.textInput = field
                properties.action = { session?.focusField(path) }
            }
        return resolve(core, context)
    }
}

/// A text field whose text shows as dots (SwiftUI's `SecureField`): for PINs and passwords.
/// A screen reader reads its value as "•••", never the text.
public struct SecureField: View {
    let field: TextField

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        field = TextField(title: Text(titleKey), text: text, prompt: prompt, isSecure: true)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        field = TextField(title: Text(verbatim: String(title)), text: text, prompt: prompt, isSecure: true)
    }

    public var body: some View { field }
}

/// The drawn part of a text field.
struct TextFieldCore: View, PrimitiveView {
    let content: TextFieldContent
    let session: TextEditingSession?

    var body: Never { fatalError("TextFieldCore is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        TextFieldNode(content: content, session: session, engine: context.session.textEngine, path: context.path)
    }
}
