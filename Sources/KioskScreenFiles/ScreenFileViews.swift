import FoundationEssentials
import Glibc
import KioskViews

extension ScreenFile {
    /// The file's screens as KioskUI views: each a grid of cells filling the display inside
    /// the padding, a button in each at its control size's own size (as SwiftUI sizes it),
    /// placed by its `align`, or stretched over the cell with `fill`; or a column of items
    /// (ScreenFileElementViews.swift). `goto` switches screens, `language` the language and
    /// `text_size`/`contrast` the text size and contrast through `navigator`; `exec` calls `run`
    /// with the program, its arguments and the button; `overrides` (the control socket's
    /// changes) win over the file's title, `disabled` and visibility; the controls keep
    /// their values in `values`.
    public func makeScreens(navigator: Navigator, overrides: ButtonOverrides = ButtonOverrides(),
                            values: ControlValues = ControlValues(), run: @escaping (ExecRequest) -> Void) -> [Screen] {
        values.register(self)
        return screens.map { spec in
            var destinations = spec.swipes
            let context = FileContext(screen: spec.id, navigator: navigator, overrides: overrides, values: values, run: run)
            return Screen(spec.id, swipeLeft: destinations.removeValue(forKey: .left),
                          swipeRight: destinations.removeValue(forKey: .right),
                          swipeUp: destinations.removeValue(forKey: .up), swipeDown: destinations.removeValue(forKey: .down),
                          transition: spec.transition) {
                if spec.items.isEmpty {
                    Grid(columns: spec.columns, spacing: spec.spacing) {
                        ForEach(spec.buttons) { button in
                            FileButton(spec: button, context: context, fills: button.fill ?? spec.fill)
                        }
                    }
                    .padding(spec.padding)
                } else {
                    FileStack(spec: ScreenFile.StackSpec(spacing: spec.spacing, padding: spec.padding, items: spec.items),
                              context: context)
                        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
                }
            }
        }
    }

    /// A host showing this file at `size` (the file's own size when nil, else 1280x800),
    /// starting on `initialScreen` (nil, or an id the file lacks: its first).
    public func makeHost(size: Size? = nil, textEngine: TextEngine, navigator: Navigator = Navigator(),
                         overrides: ButtonOverrides = ButtonOverrides(), values: ControlValues = ControlValues(),
                         initialScreen: String? = nil, run: @escaping (ExecRequest) -> Void) -> UIHost {
        let size = size ?? Size(width: Double(display.width ?? 1280), height: Double(display.height ?? 800))
        let host = UIHost(size: size, screens: makeScreens(navigator: navigator, overrides: overrides, values: values, run: run),
                          initialScreen: initialScreen, background: Color(display.background),
                          gestures: gestures, textEngine: textEngine, navigator: navigator)
        if let language = display.language { host.locale = LanguageTag(language) }
        if let transition = display.transition { host.screenTransition = transition }
        display.accessibility.apply(to: host)
        return host
    }
}

/// What the views of one screen act through: where they are, the host's navigator, the
/// control socket's changes, the controls' values and the runner of `exec`.
struct FileContext {
    let screen: String
    let navigator: Navigator
    let overrides: ButtonOverrides
    let values: ControlValues
    let run: (ExecRequest) -> Void
}

/// One `[[screens.buttons]]` entry as a button, in its grid cell; or a `button` item at its
/// own size. With `confirm` it asks in a confirmation dialog before it acts.
struct FileButton: View {
    let spec: ScreenFile.ButtonSpec
    let context: FileContext
    let fills: Bool
    var inCell = true
    @Environment(\.languageTag) private var locale
    @State private var asking = false

    private var overrides: ButtonOverrides { context.overrides }

    var title: Text { Text(fileRuns: overrides.titles[spec.id] ?? spec.title(for: locale)) }

    var borderShape: ButtonBorderShape {
        switch spec.shape {
        case "capsule": .capsule
        case "circle": .circle
        case "roundedRectangle": spec.cornerRadius.map { .roundedRectangle(radius: $0) } ?? .roundedRectangle
        default: spec.cornerRadius.map { .roundedRectangle(radius: $0) } ?? .automatic
        }
    }

    var style: any ButtonStyle {
        switch spec.style {
        case "bordered": BorderedButtonStyle()
        case "borderedProminent": BorderedProminentButtonStyle()
        case "borderless": BorderlessButtonStyle()
        case "plain": PlainButtonStyle()
        case "link": LinkButtonStyle()
        default: AutomaticButtonStyle()
        }
    }

    var body: some View {
        let act = { [spec, context] in
            if let exec = spec.exec { context.run(ExecRequest(arguments: exec, button: spec.id, screen: context.screen)) }
            if let destination = spec.goto { context.navigator.go(to: destination) }
            if let language = spec.language { context.navigator.setLocale(LanguageTag(language)) }
            spec.accessibility.toggle(on: context.navigator)
        }
        let asking = $asking
        let button = Button(role: spec.role, action: { if spec.confirm == nil { act() } else { asking.wrappedValue = true } }) {
            Label(title, image: spec.icon.map { Image($0) })
                .lineLimit(spec.lineLimit)
                .minimumScaleFactor(spec.minimumScale ?? 1)
                .truncationMode(spec.truncation ?? .tail)
                .frame(minWidth: spec.minWidth, maxWidth: fills ? .infinity : nil,
                       minHeight: spec.minHeight, maxHeight: fills && inCell ? .infinity : nil)
        }
        // Hidden keeps the button's grid cell: nothing drawn there, no touches taken.
        let hidden = overrides.hidden[spec.id] ?? false
        let shown = styled(button)
            .id(spec.id)
            .controlSize(spec.size)
            .buttonBorderShape(borderShape)
            .buttonRepeatBehavior(spec.repeats ? .enabled : .automatic)
            .disabled(hidden || (overrides.disabled[spec.id] ?? spec.disabled))
            .opacity(hidden ? 0 : 1)
            .accessibilityLabel(spec.accessibilityLabel.map { Text(verbatim: $0) } ?? title)
            .accessibilityHint(spec.accessibilityHint ?? "")
            .accessibilityHidden(hidden)
        return asked(shown, act: act)
            .frame(maxWidth: inCell ? .infinity : nil, maxHeight: inCell ? .infinity : nil, alignment: spec.align)
    }

    /// With `confirm`, the button under its dialog: the destructive choice, named as the
    /// button, acts; Cancel does not. Their ids are the button's with `.confirm`, `.cancel`.
    private func asked<Content: View>(_ content: Content, act: @escaping () -> Void) -> AnyView {
        guard let question = spec.confirm else { return AnyView(content) }
        let name = spec.accessibilityLabel ?? (overrides.titles[spec.id] ?? spec.title(for: locale)).map(\.text).joined()
        return AnyView(content.confirmationDialog(Text(verbatim: question), isPresented: $asking, titleVisibility: .visible) {
            Button(role: .destructive, action: act) { Text(verbatim: name.isEmpty ? question : name) }.id(spec.id + ".confirm")
            Button("Cancel", role: .cancel) {}.id(spec.id + ".cancel")
        })
    }

    private func styled<Content: View>(_ content: Content) -> AnyView {
        if spec.longPress { return AnyView(content.buttonStyle(LongPressButtonStyle(appearance: style))) }
        return applying(style, to: content)
    }

    private func applying<S: ButtonStyle, Content: View>(_ style: S, to content: Content) -> AnyView {
        AnyView(content.buttonStyle(style))
    }
}
