import FoundationEssentials
import Glibc

/// A value picked from a range by dragging a thumb (SwiftUI's `Slider`), in iOS's look: the
/// track filled in the tint up to a white thumb, grey beyond. A touch anywhere on the
/// track moves the thumb there and drags it; `step` snaps the value. `onEditingChanged`
/// is told `true` when the finger lands and `false` when it lifts (or is cancelled).
/// For accessibility it is one adjustable element whose value is read as a percentage.
public struct Slider<Label: View, ValueLabel: View>: View {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let onEditingChanged: (Bool) -> Void
    let label: Label
    let minimumValueLabel: ValueLabel
    let maximumValueLabel: ValueLabel

    @Environment(\.controlScale) private var scale
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.layoutDirection) private var layoutDirection
    @State private var track = FrameBox()
    @State private var editing = EditingFlag()
    @GestureState private var isDragging = false

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
                                        @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel,
                                        @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = step.map { Double($0) }
        self.onEditingChanged = onEditingChanged
        self.label = label()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }

    public var body: some View {
        let range = SliderRange(bounds: bounds, step: step)
        let fraction = range.fraction(of: value.wrappedValue)
        let thumb = (28 * scale).rounded(), trackHeight = (4 * scale).rounded()
        let value = self.value, box = track
        let accessibilityLabel = label as? Text
        // Right to left, the track fills from the right and the thumb moves leftwards.
        let mirrored = layoutDirection == .rightToLeft
        return HStack(spacing: 8) {
            minimumValueLabel
            ZStack(alignment: .leading) {
                ZStack(alignment: .leading) {
                    Capsule().fill(Color.sliderTrack)
                    Capsule().fill(tint).relativeOffset(mirrored ? 1 - fraction : fraction - 1)
                }
                .frame(height: trackHeight)
                .clipShape(Capsule())
                .padding(.horizontal, thumb / 2)
                Circle().fill(Color.white)
                    .frame(width: thumb, height: thumb)
                    .shadow(color: Color(white: 0, opacity: 0.25), radius: 3 * scale, y: 2 * scale)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .relativeOffset(mirrored ? -fraction : fraction, inset: thumb)
            }
            .frame(minWidth: thumb * 2, maxWidth: .infinity, minHeight: thumb + 8, maxHeight: thumb + 8)
            .contentShape(Rectangle())
            .readingFrame(into: box)
            .gesture(DragGesture(minimumDistance: 0)
                .updating($isDragging) { _, dragging, _ in dragging = true }
                .onChanged { drag in
                    beginEditing()
                    let width = box.frame.width - thumb
                    let f = width > 0 ? (drag.location.x - thumb / 2) / width : 0
                    let new = range.value(at: mirrored ? 1 - f : f)
                    if new != value.wrappedValue { value.wrappedValue = new }
                }
                .onEnded { _ in endEditing() })
            .onChange(of: isDragging) { if !isDragging { endEditing() } }
            maximumValueLabel
        }
        .opacity(isEnabled ? 1 : 0.4)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilityLabel ?? Text(verbatim: ""))
        .accessibilityValue(Text(verbatim: "\(Int((fraction * 100).rounded()))%"))
        .accessibilityAdjustableAction { direction in
            let new = range.adjusted(value.wrappedValue, direction)
            if new != value.wrappedValue { value.wrappedValue = new }
        }
    }

    private func beginEditing() {
        guard !editing.isOn else { return }
        editing.isOn = true
        onEditingChanged(true)
    }

    private func endEditing() {
        guard editing.isOn else { return }
        editing.isOn = false
        onEditingChanged(false)
    }
}

/// Whether a slider's finger is down, kept beside the gesture: the release may come by
/// `onEnded` or, for a cancelled touch, only by the gesture state resetting.
final class EditingFlag {
    var isOn = false
}

/// A slider's range with its step, tolerant of bad input: an empty or infinite range puts
/// every value at the lower bound, NaN values count as the lower bound, and a step that is
/// not positive and finite is ignored.
struct SliderRange {
    let lower: Double
    let upper: Double
    let step: Double?

    init(bounds: ClosedRange<Double>, step: Double?) {
        let finite = bounds.lowerBound.isFinite && bounds.upperBound.isFinite
        lower = finite ? bounds.lowerBound : 0
        upper = finite ? bounds.upperBound : 0
        self.step = step.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    var span: Double { upper - lower }

    /// Where `value` lies, from 0 to 1.
    func fraction(of value: Double) -> Double {
        guard span > 0, value.isFinite else { return 0 }
        return min(max((value - lower) / span, 0), 1)
    }

    /// The value at `fraction` of the track, snapped to the step and kept in range.
    func value(at fraction: Double) -> Double {
        guard span > 0, fraction.isFinite else { return lower }
        return clamped(lower + min(max(fraction, 0), 1) * span)
    }

    /// `value` snapped to the step (counted from the lower bound) and kept in range.
    func clamped(_ value: Double) -> Double {
        guard span > 0, value.isFinite else { return lower }
        var v = min(max(value, lower), upper)
        if let step {
            v = lower + ((v - lower) / step).rounded() * step
            if v > upper { v -= step }
            v = min(max(v, lower), upper)
        }
        return v
    }

    /// One accessibility step from `value`: the step, or a tenth of the range.
    func adjusted(_ value: Double, _ direction: AccessibilityAdjustmentDirection) -> Double {
        let amount = step ?? span / 10
        let base = value.isFinite ? value : lower
        return clamped(direction == .increment ? base + amount : base - amount)
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: { EmptyView() }, minimumValueLabel: { EmptyView() },
                  maximumValueLabel: { EmptyView() }, onEditingChanged: onEditingChanged)
    }
}

extension Slider where ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
                                        @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: label, minimumValueLabel: { EmptyView() },
                  maximumValueLabel: { EmptyView() }, onEditingChanged: onEditingChanged)
    }
}
