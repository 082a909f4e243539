internal import CICU
import FoundationEssentials
import Glibc

/// CLDR's plural categories: which form of "%lld drinks" a number takes in a language
/// (Arabic has all six, English `one` and `other`, Japanese only `other`).
public enum PluralCategory: String, CaseIterable, Sendable, Codable {
    case zero, one, two, few, many, other

    /// The category of `number` in `locale`'s language, by the system ICU's CLDR rules.
    public init(_ number: Double, locale: LanguageTag) {
        let rules = PluralCategory.rules
        self = rules.with(locale.icuID) { rule in
            ICU.string { buffer, capacity, status in kiosk_uplrules_select(rule, number, buffer, capacity, &status) }
                .flatMap(PluralCategory.init(rawValue:))
        }.flatMap { $0 } ?? .other
    }

    /// ICU plural rules, opened once per language and kept: opening parses CLDR data.
    private static let rules = ICU.Cache<String, OpaquePointer> { language in
        var status = KIOSK_U_ZERO_ERROR
        guard let rule = kiosk_uplrules_open(language, &status), ICU.succeeded(status) else { return nil }
        return rule
    }
}
