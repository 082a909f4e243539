/// Steps a value up and down (SwiftUI's `Stepper`): a label and iOS's − | + control, two
/// segments on a grey plate that darken while pressed. Held, a segment repeats (after
/// 500 ms, every 100 ms, faster after ten repeats: `buttonRepeatBehavior`'s timing); the
/// segment at a limit of the range is disabled. For accessibility it is one adjustable
/// element. Given an `id`, its segments are the buttons `ID.decrement` and `ID.increment`.
public struct Stepper<Label: View>: View {
    let onIncrement: (() -> Void)?
    let onDecrement: (() -> Void)?
    let onEditingChanged: (Bool) -> Void
    let valueDescription: String?
    let label: Label

    @Environment(\.controlScale) private var scale
    @Environment(\.pendingID) private var id

    public init(onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.init(onIncrement, onDecrement, onEditingChanged, valueDescription: nil, label: label())
    }

    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        let current = value.wrappedValue
        let clamped = min(max(current, bounds.lowerBound), bounds.upperBound)
        // A step that does not move (zero, or NaN for a floating-point value) steps nowhere.
        let moves = clamped.advanced(by: step) != clamped
        let increment: (() -> Void)? = moves && clamped < bounds.upperBound ? {
            let now = min(max(value.wrappedValue, bounds.lowerBound), bounds.upperBound)
            value.wrappedValue = min(now.advanced(by: abs(step)), bounds.upperBound)
        } : nil
        let decrement: (() -> Void)? = moves && clamped > bounds.lowerBound ? {
            let now = min(max(value.wrappedValue, bounds.lowerBound), bounds.upperBound)
            value.wrappedValue = max(now.advanced(by: -abs(step)), bounds.lowerBound)
        } : nil
        self.init(increment, decrement, onEditingChanged, valueDescription: "\(current)", label: label())
    }

    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.init({ value.wrappedValue = value.wrappedValue.advanced(by: step) },
                  { value.wrappedValue = value.wrappedValue.advanced(by: -step) },
                  onEditingChanged, valueDescription: "\(value.wrappedValue)", label: label())
    }

    private init(_ onIncrement: (() -> Void)?, _ onDecrement: (() -> Void)?, _ onEditingChanged: @escaping (Bool) -> Void,
                 valueDescription: String?, label: Label) {
        self.onIncrement = onIncrement
        self.onDecrement = onDecrement
        self.onEditingChanged = onEditingChanged
        self.valueDescription = valueDescription
        self.label = label
    }

    public var body: some View {
        let (width, height) = ((47 * scale).rounded(), (32 * scale).rounded())
        let accessibilityLabel = label as? Text
        let (increment, decrement) = (onIncrement, onDecrement)
        return HStack(spacing: 8) {
            label
            Spacer(minLength: 8)
            HStack(spacing: 0) {
                segment("minus", id: "decrement", action: decrement, width: width, height: height)
                Rectangle().fill(Color.stepperPressed).frame(width: 1, height: (height * 0.55).rounded())
                segment("plus", id: "increment", action: increment, width: width, height: height)
            }
            .background(RoundedRectangle(cornerRadius: (8 * scale).rounded()).fill(Color.segmentTrack))
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilityLabel ?? Text(verbatim: ""))
        .accessibilityValue(Text(verbatim: valueDescription ?? ""))
        .accessibilityAdjustableAction { direction in
            switch direction {
            case .increment: increment?()
            case .decrement: decrement?()
            }
        }
    }

    private func segment(_ symbol: String, id: String, action: (() -> Void)?, width: Double, height: Double) -> some View {
        let editing = onEditingChanged
        let button = Button { action?() } label: { Image(systemName: symbol) }
            .buttonStyle(StepperSegmentStyle(width: width, height: height, onPressChange: editing))
            .buttonRepeatBehavior(.enabled)
            .disabled(action == nil)
        guard let name = self.id else { return AnyView(button) }
        return AnyView(button.id(name + "." + id))
    }
}

extension Stepper where Label == Text {
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>,
                               step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }

    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>,
                                                  step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(verbatim: String(title)) }
    }

    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }

    public init(_ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }
}

/// One segment of a stepper: the symbol centred in a fixed cell that darkens while pressed.
private struct StepperSegmentStyle: ButtonStyle {
    let width: Double
    let height: Double
    let onPressChange: (Bool) -> Void

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.body)
            .foregroundColor(.primary)
            .frame(width: width, height: height)
            .background(RoundedRectangle(cornerRadius: 8).fill(configuration.isPressed ? Color.stepperPressed : .clear))
            .contentShape(Rectangle())
            .animation(.easeOut(duration: 0.15), value: configuration.isPressed)
            .onChange(of: configuration.isPressed) { onPressChange(configuration.isPressed) }
    }
}
