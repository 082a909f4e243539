/// A toggle's look and interaction (SwiftUI's `ToggleStyle`); set with `.toggleStyle(_:)`.
public protocol ToggleStyle {
    associatedtype Body: View
    typealias Configuration = ToggleStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

public struct ToggleStyleConfiguration {
    /// The toggle's label as a view.
    public typealias Label = ButtonStyleConfiguration.Label

    public let label: Label
    @Binding public var isOn: Bool
    public var isMixed = false

    init(label: Label, isOn: Binding<Bool>) {
        self.label = label
        _isOn = isOn
    }
}

/// The style in the environment, its type erased.
struct AnyToggleStyle {
    let makeBody: (ToggleStyleConfiguration) -> AnyView

    init<S: ToggleStyle>(_ style: S) { makeBody = { AnyView(style.makeBody(configuration: $0)) } }
}

private struct ToggleStyleKey: EnvironmentKey {
    static var defaultValue: AnyToggleStyle { AnyToggleStyle(SwitchToggleStyle()) }
}

extension EnvironmentValues {
    var toggleStyle: AnyToggleStyle {
        get { self[ToggleStyleKey.self] }
        set { self[ToggleStyleKey.self] = newValue }
    }
}

extension View {
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.toggleStyle = AnyToggleStyle(style) }
    }
}

/// iOS's switch: a 51 × 31 capsule, green (#34C759, or the tint) when on and grey when
/// off, with a white knob in a soft shadow that slides across.
public struct SwitchToggleStyle: ToggleStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        SwitchToggleRow(configuration: configuration)
    }
}

/// The automatic style: the switch, as on iOS.
public typealias DefaultToggleStyle = SwitchToggleStyle

/// The label in a button that stays pressed in (prominent) while on.
public struct ButtonToggleStyle: ToggleStyle {
    public init() {}

    public func makeBody(configuration: Configuration) -> some View {
        let isOn = configuration.$isOn
        Button { isOn.wrappedValue.toggle() } label: { configuration.label }
            .buttonStyle(ToggleButtonLook(isOn: isOn.wrappedValue))
            .accessibilityAddTraits(isOn.wrappedValue ? [.isToggle, .isSelected] : .isToggle)
            .accessibilityValue(isOn.wrappedValue ? "on" : "off")
    }
}

/// A toggle button's plate: prominent while on, bordered while off.
private struct ToggleButtonLook: ButtonStyle {
    let isOn: Bool

    func makeBody(configuration: Configuration) -> some View {
        BorderedLook(configuration: configuration, prominent: isOn)
    }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
    public static var automatic: SwitchToggleStyle { SwitchToggleStyle() }
}

extension ToggleStyle where Self == ButtonToggleStyle {
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}

/// The switch style's row: the label, then the switch.
struct SwitchToggleRow: View {
    let configuration: ToggleStyleConfiguration
    @Environment(\.self) private var environment

    /// The switch's spring: quick and barely overshooting, as UISwitch's.
    static let animation = Animation.spring(response: 0.35, dampingFraction: 0.8)

    var body: some View {
        let isOn = configuration.$isOn
        let on = isOn.wrappedValue
        let scale = environment.controlScale
        let (width, height) = ((51 * scale).rounded(), (31 * scale).rounded())
        let inset = (2 * scale).rounded()
        let knob = height - 2 * inset
        // An unset tint is the accent colour; iOS's switch is green then.
        let tint = environment.tint == .accentColor ? Color.green : environment.tint
        // The knob starts from the leading edge: from the right, moving left, right to left.
        let direction = environment.layoutDirection == .rightToLeft ? -1.0 : 1
        HStack(spacing: 8) {
            configuration.label
            Spacer(minLength: 8)
            ZStack(alignment: .leading) {
                Capsule().fill(on ? tint : .switchTrack)
                Circle().fill(Color.white)
                    .frame(width: knob, height: knob)
                    .shadow(color: Color(white: 0, opacity: 0.2), radius: 3 * scale, y: 2 * scale)
                    .offset(x: direction * (on ? width - knob - inset : inset))
            }
            .frame(width: width, height: height)
            .animation(Self.animation, value: on)
        }
        .contentShape(Rectangle())
        .onTapGesture { isOn.wrappedValue.toggle() }
        .opacity(environment.isEnabled ? 1 : 0.4)
        .accessibilityElement(children: .combine)
        .accessibilityValue(on ? "on" : "off")
        .accessibilityAddTraits([.isButton, .isToggle])
        .accessibilityAction { isOn.wrappedValue.toggle() }
    }
}
