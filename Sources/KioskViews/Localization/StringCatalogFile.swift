import FoundationEssentials
import Glibc

/// A JSON string catalog (`Localizable.xcstrings`, Xcode's format): per key, a
/// `stringUnit` value per language, or `variations.plural` with a value per category.
struct StringCatalogFile {
    private struct Document: Decodable {
        var strings: [String: Key]
    }

    private struct Key: Decodable {
        var localizations: [String: Localization]?
    }

    private struct Localization: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
    }

    private struct Variations: Decodable {
        var plural: [String: Variant]?
    }

    private struct Variant: Decodable {
        var stringUnit: StringUnit
    }

    private struct StringUnit: Decodable {
        var value: String
    }

    private(set) var entriesByLanguage: [String: [String: StringCatalog.Entry]] = [:]

    init(path: String) throws {
        try self.init(text: StringTableError.text(of: path), path: path)
    }

    /// A catalog's bytes; `path` names it in errors.
    init(bytes: [UInt8], path: String) throws {
        try self.init(text: StringTableError.text(bytes, path: path), path: path)
    }

    private init(text: String, path: String) throws {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw Self.describe(error, path: path, text: text)
        }
        for (key, entry) in document.strings {
            for (language, localization) in entry.localizations ?? [:] {
                if let plural = localization.variations?.plural {
                    var forms: [PluralCategory: String] = [:]
                    for (name, variant) in plural {
                        guard let category = PluralCategory(rawValue: name) else {
                            throw StringTableError(path: path, line: Self.line(of: key, in: text),
                                                   message: "\"\(key)\" (\(language)): unknown plural category \"\(name)\"")
                        }
                        forms[category] = variant.stringUnit.value
                    }
                    entriesByLanguage[language, default: [:]][key] = StringCatalog.Entry(plural: forms)
                } else if let unit = localization.stringUnit {
                    entriesByLanguage[language, default: [:]][key] = StringCatalog.Entry(unit.value)
                }
            }
        }
    }

    /// The decoder's complaint with the path of keys it was at, and the line of the string
    /// key it was inside (JSONDecoder reports no lines).
    private static func describe(_ error: DecodingError, path: String, text: String) -> StringTableError {
        let (context, what): (DecodingError.Context, String) = switch error {
        case .dataCorrupted(let c): (c, "not valid JSON")
        case .keyNotFound(let key, let c): (c, "\"\(key.stringValue)\" is missing")
        case .typeMismatch(let type, let c): (c, "expected \(type)")
        case .valueNotFound(let type, let c): (c, "expected \(type)")
        @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "unreadable")
        }
        let keys = context.codingPath.map(\.stringValue)
        let stringKey = keys.count > 1 && keys[0] == "strings" ? keys[1] : nil
        let place = keys.isEmpty ? "" : keys.joined(separator: ".") + ": "
        return StringTableError(path: path, line: stringKey.map { line(of: $0, in: text) } ?? nil, message: place + what)
    }

    private static func line(of key: String, in text: String) -> Int? {
        guard let data = try? JSONEncoder().encode(key), let quoted = String(data: data, encoding: .utf8),
              let range = text.firstRange(of: quoted) else { return nil }
        return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
