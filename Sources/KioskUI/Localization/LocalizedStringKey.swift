import Foundation

/// A key to look up in a strings table (SwiftUI's `LocalizedStringKey`). A literal with
/// interpolations becomes a format key, as in Apple's catalogs: `"\(count) drinks"` is the
/// key `"%lld drinks"` with `count` as its argument, so a translation can reorder the
/// arguments (`%1$@`) and pick a plural form by the number. With no translation the key
/// itself shows, with its arguments filled in.
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// One interpolated value, kept until the locale is known.
    enum Argument: Hashable, Sendable {
        case integer(Int64)
        case double(Double)
        case string(String)
        case formatted(LocaleFormatted)

        func value(in locale: Locale) -> any CVarArg {
            switch self {
            case .integer(let n): n
            case .double(let x): x
            case .string(let s): s
            case .formatted(let f): f.string(in: locale)
            }
        }

        /// The number a plural form is chosen by.
        var number: Double? {
            switch self {
            case .integer(let n): Double(n)
            case .double(let x): x
            case .string, .formatted: nil
            }
        }
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingOccurrences(of: "%", with: "%%")
        }

        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            key += "%lld"
            arguments.append(.integer(Int64(clamping: value)))
        }

        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T) {
            key += "%lf"
            arguments.append(.double(Double(value)))
        }

        public mutating func appendInterpolation<S: StringProtocol>(_ string: S) {
            key += "%@"
            arguments.append(.string(String(string)))
        }

        public mutating func appendInterpolation(_ text: Text) {
            appendInterpolation(text.string)
        }

        /// `"\(price, format: .currency(code: "EUR"))"`, formatted in the view's locale.
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
            where F.FormatInput: Equatable, F.FormatOutput == String {
            key += "%@"
            arguments.append(.formatted(LocaleFormatted(input, format: format)))
        }
    }

    public let key: String
    let arguments: [Argument]

    public init(_ value: String) {
        key = value
        arguments = []
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
    }

    /// `format` (the key or its translation) with the arguments filled in for `locale`.
    func formatted(_ format: String, locale: Locale) -> String {
        guard !arguments.isEmpty else { return format }
        return String(format: format, locale: locale, arguments: arguments.map { $0.value(in: locale) })
    }

    /// The number that picks a plural form: the first numeric argument.
    var pluralNumber: Double? { arguments.lazy.compactMap(\.number).first }
}
