import FoundationEssentials
import Glibc
import KioskViews

/// A toggle, slider, stepper, picker, text field or progress view of a screen file, bound
/// to its value in `ControlValues`. A change by a touch (or the screen reader) is logged as
/// a `value` event; a slider logs once, when the finger lifts, not every step of a drag.
/// A text field (with a rounded border, to be found on a kiosk's screen) logs what was
/// submitted (a secure field its length only).
struct FileControl: View {
    let spec: ScreenFile.ControlSpec
    let context: FileContext
    @State private var drag = SliderDrag()
    @Environment(\.languageTag) private var locale

    var body: some View {
        control.disabled(spec.disabled)
    }

    private var control: AnyView {
        let id = spec.id, values = context.values, navigator = context.navigator
        switch spec.kind {
        case .toggle:
            let isOn = Binding<Bool>(get: { values[id] == .bool(true) }, set: { new in
                values.update(id, to: .bool(new))
                navigator.log(.value(control: id, value: .bool(new)))
            })
            return AnyView(Toggle(isOn: isOn) { Text(verbatim: spec.title.text(for: locale)) }.accessibilityIdentifier(id))
        case .slider(let range, let step):
            // While a finger drags, only the value changes; the log hears the end of the drag.
            let drag = drag
            let value = Binding<Double>(get: { values[id]?.number ?? range.lowerBound }, set: { new in
                values.update(id, to: .number(new))
                if !drag.isEditing { navigator.log(.value(control: id, value: .number(new))) }
            })
            let slider = Slider(value: value, in: range, step: step, label: { Text(verbatim: title) }, onEditingChanged: { editing in
                if editing {
                    drag.isEditing = true
                    drag.start = values[id]
                } else if drag.isEditing {
                    drag.isEditing = false
                    if let now = values[id], now != drag.start { navigator.log(.value(control: id, value: now)) }
                }
            })
            return titled(slider.accessibilityIdentifier(id))
        case .stepper(let range, let step):
            let number = Binding<Double>(get: { values[id]?.number ?? range.lowerBound }, set: { new in
                values.update(id, to: .number(new))
                navigator.log(.value(control: id, value: .number(new)))
            })
            return AnyView(Stepper(value: number, in: range, step: step) { Text(verbatim: title) }.accessibilityIdentifier(id).id(id))
        case .picker(let options):
            let selection = Binding<String>(get: { values[id]?.text ?? options[0].text }, set: { new in
                values.update(id, to: .text(new))
                navigator.log(.value(control: id, value: .text(new)))
            })
            let picker = Picker(selection: selection, label: Text(verbatim: title)) {
                ForEach(Array(options.indices)) { i in Text(verbatim: options[i].text(for: locale)).tag(options[i].text) }
            }
            return titled(picker.accessibilityIdentifier(id))
        case .textField(let placeholder, let keyboard, let secure):
            let text = Binding<String>(get: { values[id]?.text ?? "" }, set: { values.update(id, to: .text($0)) })
            let prompt = placeholder.text(for: locale)
            let field = secure ? AnyView(SecureField(prompt, text: text)) : AnyView(TextField(prompt, text: text))
            return titled(field
                .accessibilityIdentifier(id)
                .textFieldStyle(.roundedBorder)
                .keyboardType(keyboard)
                .submitLabel(.done)
                .onSubmit {
                    let submitted = values[id]?.text ?? ""
                    navigator.log(.submit(control: id, text: secure ? nil : submitted, length: submitted.count))
                })
        case .progress(let total?):
            return AnyView(ProgressView(value: min(values[id]?.number ?? 0, total), total: total) { Text(verbatim: title) }
                .accessibilityIdentifier(id))
        case .progress(nil):
            return titled(ProgressView().accessibilityIdentifier(id))
        }
    }

    /// The title in the kiosk's language, with the value for `{value}`.
    private var title: String {
        spec.title.text(for: locale).replacing("{value}", with: context.values[spec.id]?.description ?? "")
    }

    /// The title beside a control that shows none of its own.
    private func titled<Control: View>(_ control: Control) -> AnyView {
        guard !title.isEmpty else { return AnyView(control) }
        return AnyView(HStack(spacing: 16) {
            Text(verbatim: title).accessibilityHidden(true)
            control
        })
    }
}

/// A slider's drag under way: the value it started from, logged against at its end.
final class SliderDrag {
    var isEditing = false
    var start: UIEvent.Value?
}

extension UIEvent.Value {
    var number: Double? { if case .number(let n) = self { n } else { nil } }
    var text: String? { if case .text(let t) = self { t } else { nil } }
}
