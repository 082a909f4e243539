/// A switch between on and off (SwiftUI's `Toggle`): a label and, in the automatic
/// (`.switch`) style, iOS's switch at the row's trailing end. A tap anywhere on the row
/// flips it; the knob slides and the track colours with a spring.
public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label
    @Environment(\.toggleStyle) private var style

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public var body: some View {
        style.makeBody(ToggleStyleConfiguration(label: .init(AnyView(label)), isOn: isOn))
    }
}

extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(verbatim: String(title)) }
    }
}
