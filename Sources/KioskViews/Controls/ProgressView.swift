/// Progress (SwiftUI's `ProgressView`): with a value, iOS's linear bar (a thin grey track
/// filled in the tint); without one (or with a nil value), the spinning activity indicator.
/// A label goes above the bar or below the spinner, and the current-value label under the
/// bar. For accessibility it is one element whose value is the percentage done.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let fraction: Double?
    let label: Label
    let currentValueLabel: CurrentValueLabel

    @Environment(\.controlScale) private var scale
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.layoutDirection) private var layoutDirection

    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        fraction = value.map { value in
            let (v, t) = (Double(value), Double(total))
            guard v.isFinite, t.isFinite, t > 0 else { return 0 }
            return min(max(v / t, 0), 1)
        }
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    public var body: some View {
        let accessibilityLabel = label as? Text
        return Group {
            if let fraction {
                VStack(alignment: .leading, spacing: 6) {
                    label
                    ZStack(alignment: .leading) {
                        Capsule().fill(Color.sliderTrack)
                        // Right to left, the bar fills from the right.
                        Capsule().fill(tint).relativeOffset(layoutDirection == .rightToLeft ? 1 - fraction : fraction - 1)
                    }
                    .frame(height: (4 * scale).rounded())
                    .clipShape(Capsule())
                    currentValueLabel.font(.caption).foregroundColor(.secondary)
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(accessibilityLabel ?? Text(verbatim: "Progress"))
                .accessibilityValue(Text(verbatim: "\(Int((fraction * 100).rounded()))%"))
            } else {
                VStack(spacing: 8) {
                    // An unset tint is the accent colour; iOS's indicator is grey then.
                    Spinner(color: tint == .accentColor ? .gray : tint, diameter: (20 * scale).rounded())
                    label.foregroundColor(.secondary)
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(accessibilityLabel ?? Text(verbatim: "In progress"))
                .accessibilityAddTraits(.updatesFrequently)
            }
        }
        .opacity(isEnabled ? 1 : 0.4)
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// The spinner.
    public init() {
        self.init(value: Double?.none, label: { EmptyView() }, currentValueLabel: { EmptyView() })
    }

    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1) {
        self.init(value: value, total: total, label: { EmptyView() }, currentValueLabel: { EmptyView() })
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// The spinner with a label under it.
    public init(@ViewBuilder label: () -> Label) {
        self.init(value: Double?.none, label: label, currentValueLabel: { EmptyView() })
    }

    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1, @ViewBuilder label: () -> Label) {
        self.init(value: value, total: total, label: label, currentValueLabel: { EmptyView() })
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ titleKey: LocalizedStringKey) {
        self.init(label: { Text(titleKey) })
    }

    public init<S: StringProtocol>(_ title: S) {
        self.init(label: { Text(verbatim: String(title)) })
    }

    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1) {
        self.init(value: value, total: total, label: { Text(titleKey) })
    }

    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1) {
        self.init(value: value, total: total, label: { Text(verbatim: String(title)) })
    }
}
