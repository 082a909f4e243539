import Foundation

/// A key to look up in a strings table (SwiftUI's `LocalizedStringKey`). KioskUI looks the
/// key up in the bundle's table and shows the key itself when there is no translation.
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public let key: String

    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }

    /// The key's text in `tableName` of `bundle` (the main bundle when nil), else the key.
    func resolved(tableName: String? = nil, bundle: Bundle? = nil) -> String {
        (bundle ?? .main).localizedString(forKey: key, value: key, table: tableName)
    }
}

extension Text {
    /// The text for `key` in the strings table, or the key itself.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.init(verbatim: key.resolved(tableName: tableName, bundle: bundle))
    }

    /// The string shown as it is, never looked up.
    public init(verbatim content: String) { self.init(runs: [Run(content)]) }

    public init<S: StringProtocol>(_ content: S) { self.init(verbatim: String(content)) }

    /// `input` formatted by `format` (`Text(duration, format: .number.precision(.fractionLength(1)))`).
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }
}
