import Foundation
import KioskUI

extension ScreenFile {
    /// The file's screens as KioskUI views: each a grid of cells filling the display inside
    /// the padding, a button in each at its control size's own size (as SwiftUI sizes it),
    /// placed by its `align`, or stretched over the cell with `fill`. `goto` switches screens, `language` the language and
    /// `text_size`/`contrast` the text size and contrast through `navigator`; `exec` calls `run`
    /// with the program, its arguments and the button; `overrides` (the control socket's
    /// changes) win over the file's title, `disabled` and visibility.
    public func makeScreens(navigator: Navigator, overrides: ButtonOverrides = ButtonOverrides(),
                            run: @escaping (ExecRequest) -> Void) -> [Screen] {
        screens.map { spec in
            var destinations = spec.swipes
            return Screen(spec.id, swipeLeft: destinations.removeValue(forKey: .left),
                          swipeRight: destinations.removeValue(forKey: .right),
                          swipeUp: destinations.removeValue(forKey: .up), swipeDown: destinations.removeValue(forKey: .down),
                          transition: spec.transition) {
                Grid(columns: spec.columns, spacing: spec.spacing) {
                    ForEach(spec.buttons) { button in
                        FileButton(spec: button, screen: spec.id, fills: button.fill ?? spec.fill, navigator: navigator,
                                   overrides: overrides, run: run)
                    }
                }
                .padding(spec.padding)
            }
        }
    }

    /// A host showing this file at `size` (the file's own size when nil, else 1280x800).
    public func makeHost(size: Size? = nil, textEngine: TextEngine, navigator: Navigator = Navigator(),
                         overrides: ButtonOverrides = ButtonOverrides(), run: @escaping (ExecRequest) -> Void) -> UIHost {
        let size = size ?? Size(width: Double(display.width ?? 1280), height: Double(display.height ?? 800))
        let host = UIHost(size: size, screens: makeScreens(navigator: navigator, overrides: overrides, run: run),
                          background: Color(display.background),
                          gestures: gestures, textEngine: textEngine, navigator: navigator)
        if let language = display.language { host.locale = Locale(identifier: language) }
        if let transition = display.transition { host.screenTransition = transition }
        display.accessibility.apply(to: host)
        return host
    }
}

/// One `[[screens.buttons]]` entry as a button.
struct FileButton: View {
    let spec: ScreenFile.ButtonSpec
    let screen: String
    let fills: Bool
    let navigator: Navigator
    let overrides: ButtonOverrides
    let run: (ExecRequest) -> Void
    @Environment(\.locale) private var locale

    var title: Text {
        (overrides.titles[spec.id] ?? spec.title(for: locale)).map { run -> Text in
            var text = Text(verbatim: run.text)
            if let size = run.size { text = text.font(Font(size: size)) }
            if run.bold { text = text.bold() }
            if run.italic { text = text.italic() }
            if run.underline { text = text.underline() }
            if run.strikethrough { text = text.strikethrough() }
            if let color = run.color { text = text.foregroundColor(Color(color)) }
            return text
        }.reduce(Text(runs: []), +)
    }

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
        let button = Button(role: spec.role, action: { [spec, screen, navigator, run] in
            if let exec = spec.exec { run(ExecRequest(arguments: exec, button: spec.id, screen: screen)) }
            if let destination = spec.goto { navigator.go(to: destination) }
            if let language = spec.language { navigator.setLocale(Locale(identifier: language)) }
            spec.accessibility.toggle(on: navigator)
        }) {
            Label(title, image: spec.icon.map { Image($0) })
                .lineLimit(spec.lineLimit)
                .minimumScaleFactor(spec.minimumScale ?? 1)
                .truncationMode(spec.truncation ?? .tail)
                .frame(minWidth: spec.minWidth, maxWidth: fills ? .infinity : nil,
                       minHeight: spec.minHeight, maxHeight: fills ? .infinity : nil)
        }
        // Hidden keeps the button's grid cell: nothing drawn there, no touches taken.
        let hidden = overrides.hidden[spec.id] ?? false
        return styled(button)
            .id(spec.id)
            .controlSize(spec.size)
            .buttonBorderShape(borderShape)
            .buttonRepeatBehavior(spec.repeats ? .enabled : .automatic)
            .disabled(hidden || (overrides.disabled[spec.id] ?? spec.disabled))
            .opacity(hidden ? 0 : 1)
            .accessibilityLabel(spec.accessibilityLabel.map { Text(verbatim: $0) } ?? title)
            .accessibilityHint(spec.accessibilityHint ?? "")
            .accessibilityHidden(hidden)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: spec.align)
    }

    private func styled<Content: View>(_ content: Content) -> AnyView {
        if spec.longPress { return AnyView(content.buttonStyle(LongPressButtonStyle(appearance: style))) }
        return applying(style, to: content)
    }

    private func applying<S: ButtonStyle, Content: View>(_ style: S, to content: Content) -> AnyView {
        AnyView(content.buttonStyle(style))
    }
}
