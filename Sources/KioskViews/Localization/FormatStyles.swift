internal import CICU
import FoundationEssentials
import Glibc

/// A number that `NumberFormat` formats: integers exactly, floating point as `Double`.
public protocol FormattableNumber: Hashable, Sendable, Codable {
    /// The value as ICU formats it: an integer when it fits one exactly.
    var formattingValue: NumberFormat<Self>.Value { get }
}

extension FormattableNumber where Self: BinaryInteger {
    public var formattingValue: NumberFormat<Self>.Value { Int64(exactly: self).map { .integer($0) } ?? .double(Double(self)) }
}

extension FormattableNumber where Self: BinaryFloatingPoint {
    public var formattingValue: NumberFormat<Self>.Value { .double(Double(self)) }
}

extension Int: FormattableNumber {}
extension Int8: FormattableNumber {}
extension Int16: FormattableNumber {}
extension Int32: FormattableNumber {}
extension Int64: FormattableNumber {}
extension UInt: FormattableNumber {}
extension UInt8: FormattableNumber {}
extension UInt16: FormattableNumber {}
extension UInt32: FormattableNumber {}
extension UInt64: FormattableNumber {}
extension Double: FormattableNumber {}
extension Float: FormattableNumber {}

/// What a `NumberFormat` writes: a plain number, a percent or an amount of money.
public enum NumberFormatKind: Hashable, Codable, Sendable {
    case number, percent
    case currency(code: String)
}

/// Foundation's number format styles under their names (`.number`, `.percent`,
/// `.currency(code:)`, `.precision(.fractionLength(2))`), formatted by the system ICU's
/// number formatter in the style's locale: FoundationEssentials has no number formatting,
/// and FoundationInternationalization links a second, static ICU with its data.
public struct NumberFormat<Input: FormattableNumber>: FormatStyle, Sendable {
    public enum Value: Sendable {
        case integer(Int64)
        case double(Double)
    }

    public typealias Kind = NumberFormatKind

    /// How many fraction digits show (Foundation's `NumberFormatStyleConfiguration.Precision`).
    public struct Precision: Hashable, Codable, Sendable {
        var minimumFractionDigits: Int
        var maximumFractionDigits: Int

        public static func fractionLength(_ length: Int) -> Precision {
            Precision(minimumFractionDigits: length, maximumFractionDigits: length)
        }

        public static func fractionLength(_ limits: ClosedRange<Int>) -> Precision {
            Precision(minimumFractionDigits: limits.lowerBound, maximumFractionDigits: limits.upperBound)
        }
    }

    /// Whether digits are grouped ("1,234" or "1234").
    public enum Grouping: Hashable, Codable, Sendable {
        case automatic, never
    }

    public var kind: Kind
    var languageTag: LanguageTag
    var precision: Precision?
    var grouping = Grouping.automatic

    public init(_ kind: Kind = .number, locale: LanguageTag = .english) {
        self.kind = kind
        languageTag = locale
    }

    public func locale(_ locale: LanguageTag) -> Self {
        var style = self
        style.languageTag = locale
        return style
    }

    /// Foundation's `Locale`, which carries its language only where full Foundation is
    /// linked (`EnvironmentValues.locale` says why).
    public func locale(_ locale: Locale) -> Self { self.locale(LanguageTag(locale.identifier)) }

    public func precision(_ precision: Precision) -> Self {
        var style = self
        style.precision = precision
        return style
    }

    public func grouping(_ grouping: Grouping) -> Self {
        var style = self
        style.grouping = grouping
        return style
    }

    public func format(_ value: Input) -> String {
        let number = value.formattingValue
        let key = ICUNumberFormatter.Key(kind: kind, locale: languageTag.icuID, precision: precision.map { [$0.minimumFractionDigits, $0.maximumFractionDigits] },
                                         grouping: grouping == .automatic, isInteger: number.isInteger)
        let text = ICUNumberFormatter.cache.with(key) { formatter in
            ICU.string { buffer, capacity, status in
                switch number {
                case .integer(let n): kiosk_unum_formatInt64(formatter.format, n, buffer, capacity, &status)
                case .double(let x): kiosk_unum_formatDouble(formatter.format, x, buffer, capacity, &status)
                }
            }
        }
        return text.flatMap { $0 } ?? number.fallback
    }
}

extension NumberFormat.Value {
    var isInteger: Bool { if case .integer = self { true } else { false } }
    /// What shows when ICU cannot format: the plain number.
    var fallback: String {
        switch self {
        case .integer(let n): "\(n)"
        case .double(let x): "\(x)"
        }
    }
}

/// One opened ICU number format, kept for its key (opening one parses CLDR data).
final class ICUNumberFormatter: @unchecked Sendable {
    struct Key: Hashable {
        var kind: NumberFormatKind
        var locale: String
        var precision: [Int]?
        var grouping: Bool
        var isInteger: Bool
    }

    let format: OpaquePointer

    static let cache = ICU.Cache<Key, ICUNumberFormatter> { key in
        var status = KIOSK_U_ZERO_ERROR
        let style = switch key.kind {
        case .number: KIOSK_UNUM_DECIMAL
        case .percent: KIOSK_UNUM_PERCENT
        case .currency: KIOSK_UNUM_CURRENCY
        }
        guard let format = kiosk_unum_open(style, key.locale, &status), ICU.succeeded(status) else { return nil }
        if case .currency(let code) = key.kind {
            let utf16 = Array(code.utf16)
            kiosk_unum_setTextAttribute(format, KIOSK_UNUM_CURRENCY_CODE, utf16, Int32(utf16.count), &status)
        } else {
            // Foundation's defaults: up to six fraction digits for numbers and percents (ICU's
            // number skeletons), the currency's own digits for money.
            kiosk_unum_setAttribute(format, KIOSK_UNUM_MIN_FRACTION_DIGITS, 0)
            kiosk_unum_setAttribute(format, KIOSK_UNUM_MAX_FRACTION_DIGITS, 6)
        }
        // An integer percent is in percent already: 42 is "42%", as Foundation's.
        if key.kind == .percent, key.isInteger { kiosk_unum_setAttribute(format, KIOSK_UNUM_MULTIPLIER, 1) }
        if let digits = key.precision {
            kiosk_unum_setAttribute(format, KIOSK_UNUM_MIN_FRACTION_DIGITS, Int32(digits[0]))
            kiosk_unum_setAttribute(format, KIOSK_UNUM_MAX_FRACTION_DIGITS, Int32(digits[1]))
        }
        if !key.grouping { kiosk_unum_setAttribute(format, KIOSK_UNUM_GROUPING_USED, 0) }
        guard ICU.succeeded(status) else {
            kiosk_unum_close(format)
            return nil
        }
        return ICUNumberFormatter(format: format)
    }

    private init(format: OpaquePointer) { self.format = format }
}

/// The same names on the style itself, for the overloads of `Text(_:format:)` and string
/// interpolation that take a `NumberFormat`: a file whose module imports full Foundation
/// too then still gets KioskUI's style, not an ambiguity with Foundation's.
extension NumberFormat {
    public static var number: Self { NumberFormat(.number) }
    public static var percent: Self { NumberFormat(.percent) }
    public static func currency(code: String) -> Self { NumberFormat(.currency(code: code)) }
}

extension FormatStyle where Self == NumberFormat<Double> {
    /// `Text(1234.5, format: .number)`: "1,234.5" in English, "1.234,5" in German.
    public static var number: Self { NumberFormat(.number) }
    /// `Text(0.25, format: .percent)`: "25%".
    public static var percent: Self { NumberFormat(.percent) }
    /// `Text(price, format: .currency(code: "EUR"))`: "€2.50" in English, "2,50 €" in German.
    public static func currency(code: String) -> Self { NumberFormat(.currency(code: code)) }
}

extension FormatStyle where Self == NumberFormat<Int> {
    public static var number: Self { NumberFormat(.number) }
    public static var percent: Self { NumberFormat(.percent) }
    public static func currency(code: String) -> Self { NumberFormat(.currency(code: code)) }
}

extension FormatStyle where Self == NumberFormat<Float> {
    public static var number: Self { NumberFormat(.number) }
    public static var percent: Self { NumberFormat(.percent) }
    public static func currency(code: String) -> Self { NumberFormat(.currency(code: code)) }
}

/// Foundation's `Date.FormatStyle` under its name (`.dateTime`, `.dateTime.month(.wide).year()`):
/// the fields asked for, in the order and punctuation CLDR gives the style's locale (ICU's
/// date-time pattern generator), in the process's time zone.
public struct DateFormat: FormatStyle, Sendable {
    /// The ICU skeleton of the fields asked for ("MMMMy"); empty is the date and time.
    var skeleton = ""
    var languageTag: LanguageTag

    public init(locale: LanguageTag = .english) { languageTag = locale }

    public func locale(_ locale: LanguageTag) -> Self {
        var style = self
        style.languageTag = locale
        return style
    }

    /// Foundation's `Locale`, which carries its language only where full Foundation is
    /// linked (`EnvironmentValues.locale` says why).
    public func locale(_ locale: Locale) -> Self { self.locale(LanguageTag(locale.identifier)) }

    /// A field's width, as Foundation names them.
    public struct Symbol: Hashable, Codable, Sendable {
        let letters: String
        public static let defaultDigits = Symbol(letters: "")
        public static let twoDigits = Symbol(letters: "2")
        public static let abbreviated = Symbol(letters: "3")
        public static let wide = Symbol(letters: "4")
        public static let narrow = Symbol(letters: "5")
    }

    private func adding(_ letter: String, _ symbol: Symbol, defaultCount: Int = 1) -> Self {
        let count = Int(symbol.letters) ?? defaultCount
        var style = self
        style.skeleton += String(repeating: letter, count: count)
        return style
    }

    public func year(_ symbol: Symbol = .defaultDigits) -> Self { adding("y", symbol) }
    public func month(_ symbol: Symbol = .abbreviated) -> Self { adding("M", symbol, defaultCount: 3) }
    public func day(_ symbol: Symbol = .defaultDigits) -> Self { adding("d", symbol) }
    public func weekday(_ symbol: Symbol = .abbreviated) -> Self { adding("E", symbol, defaultCount: 3) }
    public func hour(_ symbol: Symbol = .defaultDigits) -> Self { adding("j", symbol) }
    public func minute(_ symbol: Symbol = .twoDigits) -> Self { adding("mm", .defaultDigits) }
    public func second(_ symbol: Symbol = .twoDigits) -> Self { adding("ss", .defaultDigits) }

    public func format(_ date: Date) -> String {
        let key = ICUDateFormatter.Key(locale: languageTag.icuID, skeleton: skeleton.isEmpty ? "yMdjmm" : skeleton)
        let text = ICUDateFormatter.cache.with(key) { formatter in
            ICU.string { buffer, capacity, status in
                kiosk_udat_format(formatter.format, date.timeIntervalSince1970 * 1000, buffer, capacity, &status)
            }
        }
        return text.flatMap { $0 } ?? "\(date)"
    }
}

extension FormatStyle where Self == DateFormat {
    /// `Text(date, format: .dateTime)`, or some fields: `.dateTime.month(.wide).year()`.
    public static var dateTime: Self { DateFormat() }
}

/// One opened ICU date format for a locale and skeleton.
final class ICUDateFormatter: @unchecked Sendable {
    struct Key: Hashable {
        var locale: String
        var skeleton: String
    }

    let format: OpaquePointer

    static let cache = ICU.Cache<Key, ICUDateFormatter> { key in
        var status = KIOSK_U_ZERO_ERROR
        guard let generator = kiosk_udatpg_open(key.locale, &status), ICU.succeeded(status) else { return nil }
        defer { kiosk_udatpg_close(generator) }
        let skeleton = Array(key.skeleton.utf16)
        guard let pattern = ICU.string({ buffer, capacity, status in
            kiosk_udatpg_getBestPattern(generator, skeleton, Int32(skeleton.count), buffer, capacity, &status)
        }) else { return nil }
        let utf16 = Array(pattern.utf16)
        guard let format = kiosk_udat_open(key.locale, nil, -1, utf16, Int32(utf16.count), &status), ICU.succeeded(status) else { return nil }
        return ICUDateFormatter(format: format)
    }

    private init(format: OpaquePointer) { self.format = format }
}
