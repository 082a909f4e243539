/// A label that shows or hides content under it (SwiftUI's `DisclosureGroup`): a tap on the
/// label row turns its chevron (in the tint) a quarter turn down with a spring and shows
/// the content below, another hides it. Read as a button whose value is "expanded" or
/// "collapsed".
public struct DisclosureGroup<Label: View, Content: View>: View {
    let isExpanded: Binding<Bool>?
    let label: Label
    let content: Content

    @State private var expandedHere = false
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.layoutDirection) private var layoutDirection

    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = isExpanded
        self.content = content()
        self.label = label()
    }

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        isExpanded = nil
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        let expanded = isExpanded ?? $expandedHere
        let isOpen = expanded.wrappedValue
        return VStack(alignment: .leading, spacing: 12) {
            HStack(spacing: 8) {
                label
                Spacer(minLength: 8)
                Image(systemName: "chevron.right")
                    .foregroundColor(tint)
                    // Closed, it points forward: leftwards, right to left.
                    .rotationEffect(.degrees(isOpen ? 90 : layoutDirection == .rightToLeft ? 180 : 0))
                    .animation(.spring(response: 0.3, dampingFraction: 0.85), value: isOpen)
                    .accessibilityHidden(true)
            }
            .contentShape(Rectangle())
            .onTapGesture { expanded.wrappedValue.toggle() }
            .opacity(isEnabled ? 1 : 0.4)
            .accessibilityElement(children: .combine)
            .accessibilityValue(isOpen ? "expanded" : "collapsed")
            .accessibilityAddTraits(.isButton)
            .accessibilityAction { expanded.wrappedValue.toggle() }
            if isOpen { content }
        }
    }
}

extension DisclosureGroup where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
    }

    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(verbatim: String(title)) }
    }
}
