import FoundationEssentials
import Glibc

/// A value and the format style that turns it into text, formatted when the view's locale is
/// known (SwiftUI formats `Text(x, format:)` in the environment's locale, not the process's):
/// a language switch re-formats numbers and dates too.
struct LocaleFormatted: Hashable, @unchecked Sendable {
    private let format: (LanguageTag) -> String
    /// What tells two values apart: the style and the text it gives in the style's own locale.
    private let identity: [AnyHashable]

    init<F: FormatStyle>(_ input: F.FormatInput, format style: F) where F.FormatOutput == String {
        identity = [AnyHashable(style), AnyHashable(style.format(input))]
        if let localizable = style as? any LocaleSettableFormatStyle {
            format = { locale in Self.format(input, localizable, locale) }
        } else {
            format = { _ in style.format(input) }
        }
    }

    private static func format<S: LocaleSettableFormatStyle, Input>(_ input: Input, _ style: S, _ locale: LanguageTag) -> String {
        style.locale(locale).format(input as! S.FormatInput)
    }

    func string(in locale: LanguageTag) -> String { format(locale) }

    static func == (a: Self, b: Self) -> Bool { a.identity == b.identity }
    func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}

/// Format styles that take a locale (`locale(_:)` is on each style, not on `FormatStyle`).
protocol LocaleSettableFormatStyle: FormatStyle where FormatOutput == String {
    func locale(_ locale: LanguageTag) -> Self
}

extension NumberFormat: LocaleSettableFormatStyle {}
extension DateFormat: LocaleSettableFormatStyle {}
