internal import CICU

/// A language, with its script and region where given, by its BCP 47 tag ("de", "pt-BR",
/// "zh-Hant-TW"): what the kiosk's text, plural rules, number and date formats, layout
/// direction and speech voice are for (the environment's `languageTag`).
///
/// KioskUI keeps its own value rather than Foundation's `Locale` because a kiosk that links
/// FoundationEssentials only (as `kiosk` does) has no localized `Locale`: there every
/// `Locale(identifier:)` is swift-foundation's unlocalized `en_001`, whatever it was given.
/// What CLDR knows of the language comes from the system's ICU.
public struct LanguageTag: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The tag in BCP 47's canonical form: "pt-BR".
    public let identifier: String
    /// ICU's name for it ("pt_BR"), which ICU's formatters and rules are opened with.
    let icuID: String
    /// The language alone: "pt".
    public let languageCode: String
    /// The region, when the tag has one: "BR".
    public let regionCode: String?
    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu).
    public let isRightToLeft: Bool

    /// The tag `identifier` names, as `Locale(identifier:)` takes it: BCP 47 ("pt-BR") or
    /// ICU's form ("pt_BR"). Nothing is checked; input from people goes through
    /// `init(validating:)`.
    public init(_ identifier: String) {
        self.init(icuID: ICU.localeID(forLanguageTag: identifier) ?? identifier)
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The tag `text` names when it is one of a language ICU knows (and of a known region):
    /// the check for a language a person typed (`--language`, `kiosk ctl language`, a screen file).
    public init(validating text: String) throws(LanguageTagError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }),
              let icuID = ICU.localeID(forLanguageTag: text) else {
            throw LanguageTagError("\"\(text)\" is not a language tag (like \"de\" or \"pt-BR\")")
        }
        self.init(icuID: icuID)
        // The part ICU does not know, and the tag it is in when the tag is more than it.
        let inTag = identifier == languageCode ? "" : " in \"\(text)\""
        guard ICU.isoLanguages.contains(languageCode) else {
            throw LanguageTagError("unknown language \"\(languageCode)\"\(inTag) (like \"de\" or \"pt-BR\")")
        }
        // Regions are ISO 3166 codes or UN M.49 numbers ("419", Latin America).
        if let regionCode, !ICU.isoRegions.contains(regionCode), !regionCode.allSatisfy(\.isNumber) {
            throw LanguageTagError("unknown region \"\(regionCode)\"\(inTag)")
        }
    }

    private init(icuID: String) {
        self.icuID = icuID
        identifier = ICU.languageTag(icuID) ?? icuID
        languageCode = ICU.part(kiosk_uloc_getLanguage, of: icuID)
        let region = ICU.part(kiosk_uloc_getCountry, of: icuID)
        regionCode = region.isEmpty ? nil : region
        isRightToLeft = kiosk_uloc_isRightToLeft(icuID) != 0
    }

    public var description: String { identifier }

    /// Written as its identifier, as `Locale` is (a format style that holds one is `Codable`).
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }

    /// English, the language text is in before a kiosk sets one.
    public static let english = LanguageTag("en")
}

/// A language tag that is malformed or names a language or region ICU does not know; its
/// description says which.
public struct LanguageTagError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}
