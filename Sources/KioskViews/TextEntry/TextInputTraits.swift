/// The keyboard a text field asks for (UIKit's `UIKeyboardType`): letters with numbers
/// and symbols pages, or a phone-style keypad of digits.
public enum UIKeyboardType: Hashable, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, emailAddress, twitter, webSearch
    /// Digits only, on a 3x4 keypad: PINs.
    case numberPad
    /// Digits and a decimal point on the keypad.
    case decimalPad
    /// Digits on the keypad (a phone number).
    case phonePad

    /// True for the kinds shown on the numeric keypad.
    var isKeypad: Bool { self == .numberPad || self == .decimalPad || self == .phonePad }
}

/// What the return key says (SwiftUI's `SubmitLabel`); `.return` is a grey key, the others
/// a blue one.
public struct SubmitLabel: Hashable, Sendable {
    let title: String

    public static let done = SubmitLabel(title: "Done")
    public static let go = SubmitLabel(title: "Go")
    public static let send = SubmitLabel(title: "Send")
    public static let join = SubmitLabel(title: "Join")
    public static let route = SubmitLabel(title: "Route")
    public static let search = SubmitLabel(title: "Search")
    public static let `return` = SubmitLabel(title: "return")
    public static let next = SubmitLabel(title: "Next")
    public static let `continue` = SubmitLabel(title: "Continue")
}

/// What kind of text a field holds (UIKit's `UITextContentType`); a kiosk has no autofill,
/// so it is accepted and changes nothing.
public struct UITextContentType: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let name = UITextContentType(rawValue: "name")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    public static let emailAddress = UITextContentType(rawValue: "email")
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    public static let postalCode = UITextContentType(rawValue: "postal-code")
}

/// Which submissions an `onSubmit` action hears (SwiftUI's `SubmitTriggers`).
public struct SubmitTriggers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let text = SubmitTriggers(rawValue: 1 << 0)
    public static let search = SubmitTriggers(rawValue: 1 << 1)
}
