import FoundationEssentials
import Glibc
import KioskCore

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

        /// The argument written by one printf conversion (`%lld`, `%.1f`, `%@`) in `locale`.
        func text(conversion: String, locale: LanguageTag) -> String {
            let spec = conversion.last ?? "@"
            switch (self, spec) {
            case (.string(let s), _): return s
            case (.formatted(let f), _): return f.string(in: locale)
            case (.integer(let n), "@"), (.integer(let n), "s"): return "\(n)"
            case (.double(let x), "@"), (.double(let x), "s"): return "\(x)"
            case (_, "d"), (_, "i"), (_, "u"), (_, "x"), (_, "X"), (_, "o"), (_, "c"):
                let value = if case .integer(let n) = self { n } else { Int64(number ?? 0) }
                // A plain decimal is grouped as the locale groups digits, in Latin digits, as
                // Foundation's String(format:locale:) writes it ("1.234" in German).
                if "diu".contains(spec), Self.cFlags(conversion).isEmpty { return ICU.groupedInteger(value, locale) }
                return String(cFormat: "%" + Self.cFlags(conversion) + "ll" + String(spec), value)
            case (_, "f"), (_, "F"), (_, "e"), (_, "E"), (_, "g"), (_, "G"), (_, "a"), (_, "A"):
                // A floating-point conversion, with the locale's decimal separator as
                // Foundation's String(format:locale:) writes it.
                let text = String(cFormat: "%" + Self.cFlags(conversion) + String(spec), number ?? 0)
                return text.replacing(".", with: ICU.decimalSeparator(locale))
            default:
                // `%n`, `%p`, `%s` of a number and the like would make printf read or write
                // through a pointer it was never given: a bad translation writes nothing.
                return ""
            }
        }

        /// The flags, width and precision of a conversion, without its length modifiers. Only
        /// printf's plain flags and digits pass (a `*` would read an argument that is not
        /// there), and a width or precision longer than four characters is dropped rather
        /// than padded to megabytes.
        private static func cFlags(_ conversion: String) -> String {
            let flags = conversion.dropLast().filter { !"hlqLjzt".contains($0) }
            guard flags.allSatisfy({ "-+ #0123456789.".contains($0) }),
                  !flags.split(separator: ".").contains(where: { $0.count > 4 }) else { return "" }
            return String(flags)
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
            key += literal.replacing("%", with: "%%")
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

        /// KioskUI's number styles, chosen over Foundation's where a file sees both.
        public mutating func appendInterpolation<V: FormattableNumber>(_ input: V, format: NumberFormat<V>) {
            key += "%@"
            arguments.append(.formatted(LocaleFormatted(input, format: format)))
        }

        /// KioskUI's date style, chosen over Foundation's where a file sees both.
        public mutating func appendInterpolation(_ input: Date, format: DateFormat) {
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
    /// Conversions are printf's as Foundation's String(format:locale:) reads them: `%@`, the
    /// numeric ones, `%%`, and positions (`%2$@`); that API is full Foundation's.
    func formatted(_ format: String, locale: LanguageTag) -> String {
        guard !arguments.isEmpty else { return format }
        var result = ""
        var next = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                rest = rest.dropFirst()
                continue
            }
            // [position$][flags][width][.precision][length]conversion
            var position: Int?
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits).map { $0 - 1 }
                rest = rest.dropFirst(digits.count + 1)
            }
            guard let end = rest.firstIndex(where: { $0.isLetter && !"hlqLjzt".contains($0) || $0 == "@" }) else {
                result += "%" + rest
                rest = ""
                break
            }
            let conversion = String(rest[...end])
            rest = rest[rest.index(after: end)...]
            let index = position ?? next
            next = index + 1
            result += arguments.indices.contains(index) ? arguments[index].text(conversion: conversion, locale: locale) : ""
        }
        return result + rest
    }

    /// The number that picks a plural form: the first numeric argument.
    var pluralNumber: Double? { arguments.lazy.compactMap(\.number).first }
}
