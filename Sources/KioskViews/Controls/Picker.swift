/// One value chosen from tagged choices (SwiftUI's `Picker`; tag each choice with
/// `.tag(_:)`), drawn as iOS's segmented control: the choices side by side on a grey
/// plate, the chosen one on a white plate that slides to a new choice with a spring. Each
/// choice is a button for accessibility, the chosen one selected.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    @Environment(\.controlScale) private var scale
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.layoutDirection) private var layoutDirection

    /// The plate's spring.
    static var animation: Animation { .spring(response: 0.3, dampingFraction: 0.85) }

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
        self.label = label
    }

    public var body: some View {
        let choices = taggedChoices(content)
        let selection = self.selection
        let selected = choices.firstIndex { $0.tag == AnyHashable(selection.wrappedValue) }
        let count = max(choices.count, 1)
        let height = (32 * scale).rounded(), radius = (9 * scale).rounded()
        return HStack(spacing: 0) {
            ForEach(Array(choices.enumerated())) { index, choice in
                let isSelected = index == selected
                choice.view
                    .font(.footnote)
                    .fontWeight(isSelected ? .semibold : .medium)
                    .foregroundColor(.primary)
                    .lineLimit(1)
                    .padding(.horizontal, 8)
                    .frame(maxWidth: .infinity, minHeight: height)
                    .contentShape(Rectangle())
                    .onTapGesture { if let tag = choice.tag as? SelectionValue { selection.wrappedValue = tag } }
                    .accessibilityElement(children: .combine)
                    .accessibilityAddTraits(isSelected ? [.isButton, .isSelected] : .isButton)
                    .accessibilityAction { if let tag = choice.tag as? SelectionValue { selection.wrappedValue = tag } }
            }
        }
        .background(
            HStack(spacing: 0) {
                RoundedRectangle(cornerRadius: radius - 2).fill(Color.white)
                    .shadow(color: Color(white: 0, opacity: 0.12), radius: 4 * scale, y: 2 * scale)
                    .frame(maxWidth: .infinity)
                ForEach(Array(1..<count)) { _ in Color.clear.frame(maxWidth: .infinity) }
            }
            .opacity(selected == nil ? 0 : 1)
            // Right to left, the segments run from the right and the plate moves leftwards.
            .relativeOffset((layoutDirection == .rightToLeft ? -1 : 1) * Double(selected ?? 0) / Double(count))
            .animation(Self.animation, value: selected)
            .padding(2)
            .background(RoundedRectangle(cornerRadius: radius).fill(Color.segmentTrack))
        )
        .opacity(isEnabled ? 1 : 0.4)
    }
}

extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }

    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(verbatim: String(title)) }
    }
}

/// How a picker shows its choices (SwiftUI's `PickerStyle`). A kiosk has no menus or
/// wheels: every picker is drawn segmented, whichever style is asked for.
public protocol PickerStyle {}

public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
}

public struct DefaultPickerStyle: PickerStyle {
    public init() {}
}

extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension PickerStyle where Self == DefaultPickerStyle {
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension View {
    /// Accepted for SwiftUI's sake; pickers are segmented on a kiosk (see `PickerStyle`).
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { self }
}
