import FoundationEssentials
import Glibc
import KioskCore

/// The translations a kiosk's text is looked up in: string tables by name ("Localizable" by
/// default) and language, read from Apple's `.strings` files (`de.lproj/Localizable.strings`)
/// and JSON string catalogs (`Localizable.xcstrings`, with plural variations).
///
/// A key with no translation for the locale falls back to the locale's base language, then
/// to the source language, then shows the key itself; a key missing from a language the
/// catalog has is reported once on stderr, so an untranslated label is found in testing.
public final class StringCatalog: @unchecked Sendable {
    /// One translation: a plain value, or a value per plural category.
    public struct Entry: Equatable, Sendable {
        public var value: String?
        public var plural: [PluralCategory: String]

        public init(_ value: String) {
            self.value = value
            plural = [:]
        }

        public init(plural: [PluralCategory: String]) {
            value = nil
            self.plural = plural
        }

        /// The form for `number` (the plain value when there is no plural variation).
        func string(for number: Double?, locale: LanguageTag) -> String? {
            guard !plural.isEmpty, let number else { return value ?? plural[.other] }
            return plural[PluralCategory(number, locale: locale)] ?? plural[.other] ?? value
        }
    }

    public static let defaultTable = "Localizable"

    /// The language the keys are written in: its missing keys are not reported.
    public let sourceLanguage: String
    private var tables: [String: [String: [String: Entry]]] = [:]
    private let lock = Lock()
    private var reported: Set<String> = []
    private var candidateLanguages: [String: [String]] = [:]
    private let report: @Sendable (String) -> Void

    public init(sourceLanguage: String = "en", report: @escaping @Sendable (String) -> Void = StringCatalog.printToStandardError) {
        self.sourceLanguage = Self.normalized(sourceLanguage)
        self.report = report
    }

    /// The catalog of every `*.xcstrings` file and `*.lproj/*.strings` file in `directory`.
    public convenience init(directory: String, sourceLanguage: String = "en",
                            report: @escaping @Sendable (String) -> Void = StringCatalog.printToStandardError) throws {
        self.init(sourceLanguage: sourceLanguage, report: report)
        try load(directory: directory)
    }

    public static let printToStandardError: @Sendable (String) -> Void = { message in
        StandardStream.error.write("kiosk: " + message + "\n")
    }

    /// The languages that have at least one translation.
    public var languages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return Set(tables.values.flatMap(\.keys)).sorted()
    }

    /// Adds (or replaces) translations of `language` in `table`.
    public func add(_ entries: [String: Entry], language: String, table: String = StringCatalog.defaultTable) {
        lock.lock()
        defer { lock.unlock() }
        tables[table, default: [:]][Self.normalized(language), default: [:]].merge(entries) { _, new in new }
    }

    /// Reads the string tables in `directory`; a malformed file throws, naming the file and line.
    public func load(directory: String) throws {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted() ?? []
        for name in files {
            let path = directory + "/" + name
            if name.hasSuffix(".xcstrings") {
                let catalog = try StringCatalogFile(path: path)
                for (language, entries) in catalog.entriesByLanguage {
                    add(entries, language: language, table: String(name.dropLast(".xcstrings".count)))
                }
            } else if name.hasSuffix(".lproj") {
                let language = String(name.dropLast(".lproj".count))
                for table in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
                where table.hasSuffix(".strings") {
                    let entries = try StringsFile(path: path + "/" + table).entries
                    add(entries.mapValues(Entry.init), language: language, table: String(table.dropLast(".strings".count)))
                }
            }
        }
    }

    /// Adds the translations of a JSON string catalog compiled into the program (SwiftPM's
    /// `.embedInCode` resource); `name` stands for its path in errors.
    public func load(xcstrings bytes: [UInt8], table: String = StringCatalog.defaultTable, name: String) throws {
        for (language, entries) in try StringCatalogFile(bytes: bytes, path: name).entriesByLanguage {
            add(entries, language: language, table: table)
        }
    }

    /// `key`'s text in `locale`, with its arguments filled in.
    public func string(for key: LocalizedStringKey, table: String? = nil, locale: LanguageTag) -> String {
        let table = table ?? Self.defaultTable
        lock.lock()
        let languages = tables[table] ?? [:]
        lock.unlock()
        // Without the table every key shows as itself: nothing to look for.
        guard !languages.isEmpty else { return key.formatted(key.key, locale: locale) }
        let candidates = searchOrder(for: locale)
        for candidate in candidates {
            if let entry = languages[candidate]?[key.key], let text = entry.string(for: key.pluralNumber, locale: locale) {
                return key.formatted(text, locale: locale)
            }
        }
        let known = candidates.dropLast().first { languages[$0] != nil }
        if let known, known != sourceLanguage { reportMissing(key.key, language: known, table: table) }
        return key.formatted(key.key, locale: locale)
    }

    /// The languages a key is looked for in, for `locale`: its own, its base language and
    /// the source language. Worked out once per locale, as every text resolved asks.
    private func searchOrder(for locale: LanguageTag) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        if let known = candidateLanguages[locale.identifier] { return known }
        let language = Self.normalized(locale.identifier)
        let candidates = [language, Self.baseLanguage(of: language), sourceLanguage]
        candidateLanguages[locale.identifier] = candidates
        return candidates
    }

    private func reportMissing(_ key: String, language: String, table: String) {
        lock.lock()
        let isNew = reported.insert(language + "\u{0}" + table + "\u{0}" + key).inserted
        lock.unlock()
        if isNew { report("no \(language) translation of \"\(key)\" in table \(table); showing the key") }
    }

    /// "pt_BR" and "pt-br" name the same language as "pt-BR".
    static func normalized(_ identifier: String) -> String {
        let parts = identifier.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = parts.first else { return identifier }
        return ([first.lowercased()] + parts.dropFirst().map { $0.count == 2 ? $0.uppercased() : String($0) })
            .joined(separator: "-")
    }

    static func baseLanguage(of identifier: String) -> String {
        String(identifier.prefix { $0 != "-" })
    }

    // MARK: Bundles

    /// The main bundle's catalog: the tables in the executable's directory (where Foundation's
    /// `Bundle.main.resourcePath` points on Linux), read once. Malformed tables give an empty
    /// catalog and the error on stderr: text shows its keys rather than failing.
    public static let main: StringCatalog = {
        let catalog = StringCatalog()
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        do {
            try catalog.load(directory: PathComponents.directory(of: executable))
        } catch {
            printToStandardError("\(error)")
        }
        return catalog
    }()
}

/// A catalog is itself: two are equal when they are the same object (a `Text` that names
/// one is equal to another naming it).
extension StringCatalog: Hashable {
    public static func == (a: StringCatalog, b: StringCatalog) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
