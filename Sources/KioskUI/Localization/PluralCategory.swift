import Foundation
import _FoundationICU

/// CLDR's plural categories: which form of "%lld drinks" a number takes in a language
/// (Arabic has all six, English `one` and `other`, Japanese only `other`).
public enum PluralCategory: String, CaseIterable, Sendable, Codable {
    case zero, one, two, few, many, other

    /// The category of `number` in `locale`'s language, by ICU's CLDR rules (the copy
    /// Foundation links, so no second ICU ships).
    public init(_ number: Double, locale: Locale) {
        self = PluralRules.shared.category(of: number, language: locale.identifier)
    }
}

/// ICU plural rules, opened once per language and kept: opening parses CLDR data.
private final class PluralRules: @unchecked Sendable {
    static let shared = PluralRules()

    // The Swift 6.3 toolchain's Foundation exports its ICU's entry points with a `swift_`
    // prefix; Swift 6.0 (Debian trixie's, which builds for arm64) has the plain names.
    #if compiler(>=6.1)
    private static let open = swift_uplrules_open
    private static let select = swift_uplrules_select
    #else
    private static let open = uplrules_open
    private static let select = uplrules_select
    #endif

    private let lock = NSLock()
    private var rules: [String: OpaquePointer] = [:]

    func category(of number: Double, language: String) -> PluralCategory {
        lock.lock()
        defer { lock.unlock() }
        guard let rule = rule(for: language) else { return .other }
        var status = U_ZERO_ERROR
        var buffer = [UChar](repeating: 0, count: 8)
        let length = Self.select(rule, number, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return .other }
        return PluralCategory(rawValue: String(decoding: buffer[..<Int(length)], as: UTF16.self)) ?? .other
    }

    private func rule(for language: String) -> OpaquePointer? {
        if let rule = rules[language] { return rule }
        var status = U_ZERO_ERROR
        guard let rule = Self.open(language, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        rules[language] = rule
        return rule
    }
}
