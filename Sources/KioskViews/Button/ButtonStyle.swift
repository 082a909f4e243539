import KioskGraphics

/// A button's look with the standard interaction (seed 000): the button handles touches
/// and calls `makeBody` with `isPressed`.
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a `ButtonStyle` draws from. `tint` (the role's colour, else the environment's tint)
/// and `borderShape` stand in for what a SwiftUI style would read from `@Environment`.
public struct ButtonStyleConfiguration {
    /// The button's label as a view.
    public struct Label: View, PrimitiveView {
        let content: AnyView

        init(_ content: AnyView) { self.content = content }

        public var body: Never { fatalError("Label is primitive") }
        func makeNode(_ context: ResolveContext) -> Node { resolve(content, context) }
    }

    public let label: Label
    public let role: ButtonRole?
    public let isPressed: Bool
    public let controlSize: ControlSize
    public let isEnabled: Bool
    public let tint: Color
    public let borderShape: ButtonBorderShape
}

/// A button's look and interaction: the style runs its own gesture and calls
/// `configuration.trigger()` when the button should act.
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    typealias Configuration = PrimitiveButtonStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

public struct PrimitiveButtonStyleConfiguration {
    public let label: ButtonStyleConfiguration.Label
    public let role: ButtonRole?
    public let controlSize: ControlSize
    public let isEnabled: Bool
    public let tint: Color
    public let borderShape: ButtonBorderShape
    /// The environment's `buttonRepeatBehavior`, for styles that want to honour it.
    public let repeatBehavior: ButtonRepeatBehavior
    let action: () -> Void

    /// Runs the button's action.
    public func trigger() { action() }

    /// The configuration a `ButtonStyle` would see, with `isPressed`: lets a primitive
    /// style borrow another style's look.
    public func appearance(isPressed: Bool) -> ButtonStyleConfiguration {
        ButtonStyleConfiguration(label: label, role: role, isPressed: isPressed, controlSize: controlSize,
                                 isEnabled: isEnabled, tint: tint, borderShape: borderShape)
    }
}

/// The style in the environment: the nearest `.buttonStyle` wins (styles do not chain).
enum AnyButtonStyle {
    case standard(any ButtonStyle)
    case primitive(any PrimitiveButtonStyle)
}

extension View {
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.buttonStyle = .standard(style) }
    }

    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.buttonStyle = .primitive(style) }
    }
}

func styleBody<S: ButtonStyle>(_ style: S, _ configuration: ButtonStyleConfiguration) -> AnyView {
    AnyView(StyleBody(style: style, configuration: configuration))
}

func styleBody<S: PrimitiveButtonStyle>(_ style: S, _ configuration: PrimitiveButtonStyleConfiguration) -> AnyView {
    AnyView(PrimitiveStyleBody(style: style, configuration: configuration))
}

/// A style's `makeBody` as a view of its own: the style's `@Environment` and
/// `@GestureState` are bound for the button, and a change to them re-resolves just it.
struct StyleBody<S: ButtonStyle>: View, PropertyOwner {
    let style: S
    let configuration: ButtonStyleConfiguration

    var body: S.Body { style.makeBody(configuration: configuration) }
    var propertyOwner: Any { style }
}

struct PrimitiveStyleBody<S: PrimitiveButtonStyle>: View, PropertyOwner {
    let style: S
    let configuration: PrimitiveButtonStyleConfiguration

    var body: S.Body { style.makeBody(configuration: configuration) }
    var propertyOwner: Any { style }
}
