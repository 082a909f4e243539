import KioskGraphics

/// What a button is for; built-in styles draw destructive buttons red and cancel buttons
/// with a bolder label.
public enum ButtonRole: String, Hashable, Sendable, CaseIterable {
    case destructive, cancel
}

/// How big controls are drawn (seed 000's paddings, in units of 4 px, and fonts).
public enum ControlSize: String, Hashable, Sendable, CaseIterable, Comparable {
    case mini, small, regular, large, extraLarge

    public static func < (a: ControlSize, b: ControlSize) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Label padding: mini 2/8, small 4/12, regular 8/16, large 12/20, extraLarge 16/24.
    public var padding: Insets {
        let unit = 4.0
        switch self {
        case .mini: return Insets(vertical: unit / 2, horizontal: unit * 2)
        case .small: return Insets(vertical: unit, horizontal: unit * 3)
        case .regular: return Insets(vertical: unit * 2, horizontal: unit * 4)
        case .large: return Insets(vertical: unit * 3, horizontal: unit * 5)
        case .extraLarge: return Insets(vertical: unit * 4, horizontal: unit * 6)
        }
    }

    /// The label padding at text size `dynamicTypeSize`: it grows with the text, more
    /// slowly (see `DynamicTypeSize.paddingScale`), to whole pixels.
    public func padding(at dynamicTypeSize: DynamicTypeSize) -> Insets {
        let scale = dynamicTypeSize.paddingScale
        return Insets(vertical: (padding.top * scale).rounded(), horizontal: (padding.leading * scale).rounded())
    }

    /// Label font: caption2, callout, body, title3 and title2.
    public var font: Font {
        switch self {
        case .mini: .caption2
        case .small: .callout
        case .regular: .body
        case .large: .title3
        case .extraLarge: .title2
        }
    }

    /// The corner radius of an automatic rounded border at this size.
    public var cornerRadius: Double {
        switch self {
        case .mini: 6
        case .small: 8
        case .regular: 10
        case .large: 12
        case .extraLarge: 16
        }
    }
}

/// The outline of a bordered button.
public struct ButtonBorderShape: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case automatic, capsule, circle
        case roundedRectangle(radius: Double?)
    }

    let kind: Kind

    public static let automatic = ButtonBorderShape(kind: .automatic)
    public static let capsule = ButtonBorderShape(kind: .capsule)
    public static let circle = ButtonBorderShape(kind: .circle)
    /// Rounded with the control size's radius.
    public static let roundedRectangle = ButtonBorderShape(kind: .roundedRectangle(radius: nil))

    public static func roundedRectangle(radius: Double) -> ButtonBorderShape {
        ButtonBorderShape(kind: .roundedRectangle(radius: radius))
    }

    /// The shape to draw at `size`; automatic is a rounded rectangle.
    public func shape(for size: ControlSize) -> Shape {
        switch kind {
        case .automatic: .roundedRectangle(cornerRadius: size.cornerRadius)
        case .capsule: .capsule
        case .circle: .circle
        case .roundedRectangle(let radius): .roundedRectangle(cornerRadius: radius ?? size.cornerRadius)
        }
    }

    var isCircle: Bool { kind == .circle }
}

/// Whether a held button repeats its action (`buttonRepeatBehavior(.enabled)`).
public enum ButtonRepeatBehavior: Hashable, Sendable {
    case automatic, enabled, disabled
}
