/// How a text field looks (SwiftUI's `TextFieldStyle`): `.plain` draws only its text,
/// `.roundedBorder` a white box with a thin grey border, `.automatic` is `.plain` as on iOS.
public protocol TextFieldStyle {
    /// The frame drawn round the text.
    var _decoration: TextFieldDecoration { get }
}

/// What a `TextFieldStyle` draws round the text.
public enum TextFieldDecoration: Hashable, Sendable {
    case none, roundedBorder
}

public struct DefaultTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _decoration: TextFieldDecoration { .none }
}

public struct PlainTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _decoration: TextFieldDecoration { .none }
}

public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _decoration: TextFieldDecoration { .roundedBorder }
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}

extension TextFieldStyle where Self == PlainTextFieldStyle {
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}
