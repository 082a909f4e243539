import Foundation
import KioskGestures
import Testing
@testable import KioskViews

/// Text looked up in string tables by the environment's locale, SwiftUI's way.
@MainActor
@Suite("Localization")
struct LocalizationTests {
    @Test("A malformed translation writes nothing for what printf cannot take safely: no pointer conversion, no position 0, no argument-taking width, no megabyte padding")
    func malformedFormatKeys() {
        let key: LocalizedStringKey = "\(5) cups"
        let english = LanguageTag("en")
        #expect(key.formatted("%lld cups", locale: english) == "5 cups")
        #expect(key.formatted("[%n][%p][%0$@][%*d][%s]", locale: english) == "[][][][5][]")
        #expect(key.formatted("%99999999d", locale: english) == "5")
        #expect(key.formatted("%05d|%1$.2f|%1$x", locale: english) == "00005|5.00|5")
    }

    /// A directory holding `files` (relative path → contents), removed when the test ends.
    final class TableDirectory {
        let path = NSTemporaryDirectory() + "strings-" + UUID().uuidString
        init(_ files: [String: [UInt8]]) throws {
            for (name, bytes) in files {
                let file = path + "/" + name
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: file))
            }
        }
        convenience init(_ files: [String: String]) throws { try self.init(files.mapValues { Array($0.utf8) }) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] { lock.withLock { lines } }
        func add(_ line: String) { lock.withLock { lines.append(line) } }
    }

    static let catalogJSON = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Start" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Starten" } },
                                        "ar" : { "stringUnit" : { "state" : "translated", "value" : "ابدأ" } } } },
        "%lld drinks" : { "localizations" : {
          "en" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "value" : "%lld drink" } },
                                                 "other" : { "stringUnit" : { "value" : "%lld drinks" } } } } },
          "de" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "value" : "%lld Getränk" } },
                                                 "other" : { "stringUnit" : { "value" : "%lld Getränke" } } } } },
          "ar" : { "variations" : { "plural" : { "zero" : { "stringUnit" : { "value" : "لا مشروبات" } },
                                                 "one" : { "stringUnit" : { "value" : "مشروب واحد" } },
                                                 "two" : { "stringUnit" : { "value" : "مشروبان" } },
                                                 "few" : { "stringUnit" : { "value" : "%lld مشروبات" } },
                                                 "many" : { "stringUnit" : { "value" : "%lld مشروبًا" } },
                                                 "other" : { "stringUnit" : { "value" : "%lld مشروب" } } } } } } },
        "%@ costs %@" : { "localizations" : { "de" : { "stringUnit" : { "value" : "%2$@ kostet %1$@" } } } }
      },
      "version" : "1.0"
    }
    """

    func catalog(reports: Reports = Reports()) throws -> (StringCatalog, TableDirectory) {
        let directory = try TableDirectory([
            "Localizable.xcstrings": Self.catalogJSON,
            "fr.lproj/Localizable.strings": "/* Start */\n\"Start\" = \"Démarrer\";\n// done\n\"Tab\\tStop\" = \"Tab\\u00E9\\n\";\nbare = \"Bare\";\n",
        ])
        return (try StringCatalog(directory: directory.path, report: { reports.add($0) }), directory)
    }

    func lookup(_ key: LocalizedStringKey, _ language: String, in catalog: StringCatalog) -> String {
        catalog.string(for: key, locale: LanguageTag(language))
    }

    @Test("A key is looked up in the locale's language, then its base language, then shows itself")
    func lookupAndFallback() throws {
        let (catalog, directory) = try catalog()
        defer { withExtendedLifetime(directory) {} }
        #expect(lookup("Start", "de", in: catalog) == "Starten")
        #expect(lookup("Start", "de_AT", in: catalog) == "Starten")
        #expect(lookup("Start", "ar", in: catalog) == "ابدأ")
        #expect(lookup("Start", "fr", in: catalog) == "Démarrer")
        #expect(lookup("Start", "en", in: catalog) == "Start")
        #expect(lookup("Start", "ja", in: catalog) == "Start")
        #expect(lookup("Tab\tStop", "fr", in: catalog) == "Tabé\n")
        #expect(lookup("bare", "fr", in: catalog) == "Bare")
        #expect(catalog.languages == ["ar", "de", "en", "fr"])
    }

    @Test("Plural forms follow each language's CLDR rules")
    func plurals() throws {
        let (catalog, directory) = try catalog()
        defer { withExtendedLifetime(directory) {} }
        func drinks(_ n: Int, _ language: String) -> String { lookup("\(n) drinks", language, in: catalog) }
        #expect(drinks(1, "en") == "1 drink")
        #expect(drinks(2, "en") == "2 drinks")
        #expect(drinks(1, "de") == "1 Getränk")
        #expect(drinks(1234, "de") == "1.234 Getränke")
        #expect(drinks(0, "ar") == "لا مشروبات")
        #expect(drinks(1, "ar") == "مشروب واحد")
        #expect(drinks(2, "ar") == "مشروبان")
        #expect(drinks(3, "ar") == "3 مشروبات")
        #expect(drinks(11, "ar") == "11 مشروبًا")
        #expect(drinks(100, "ar") == "100 مشروب")
        #expect(drinks(5, "ja") == "5 drinks", "no table: the key, filled in")
    }

    @Test("A translation may reorder the arguments")
    func positionalArguments() throws {
        let (catalog, directory) = try catalog()
        defer { withExtendedLifetime(directory) {} }
        let item = "Kaffee", price = "2 €"
        #expect(lookup("\(item) costs \(price)", "de", in: catalog) == "2 € kostet Kaffee")
        #expect(lookup("\(item) costs \(price)", "en", in: catalog) == "Kaffee costs 2 €")
        #expect(lookup("100%", "en", in: catalog) == "100%")
        #expect(lookup("\(50)%", "en", in: catalog) == "50%")
    }

    @Test("A key missing from a language the catalog has shows the key and is reported once")
    func missingKey() throws {
        let reports = Reports()
        let (catalog, directory) = try catalog(reports: reports)
        defer { withExtendedLifetime(directory) {} }
        for _ in 0..<3 { #expect(lookup("Cancel", "de", in: catalog) == "Cancel") }
        _ = lookup("Cancel", "en", in: catalog)
        _ = lookup("Cancel", "ja", in: catalog)
        #expect(reports.all == ["no de translation of \"Cancel\" in table Localizable; showing the key"])
    }

    @Test("A malformed table names its file and line")
    func malformedTables() throws {
        let cases: [(String, [UInt8], Int?, String)] = [
            ("de.lproj/Localizable.strings", Array("\"A\" = \"B\";\n\"C\" = \"D\"\n\"E\" = \"F\";".utf8), 3, "expected ; after the value of \"C\""),
            ("de.lproj/Localizable.strings", Array("\"A\" = \"B\";\n\n\"C\" = \"D".utf8), 3, "a string is never closed"),
            ("de.lproj/Localizable.strings", Array("\"A\" = \"B\";\n/* open".utf8), 2, "a /* comment is never closed"),
            ("de.lproj/Localizable.strings", Array("\"A\" = \"\\U12\";".utf8), 1, "expected four hex digits after \\U"),
            ("de.lproj/Localizable.strings", Array("\"A\" = \"B\";\n\"C\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8), 2, "not valid UTF-8 text"),
            ("Localizable.xcstrings", Array("{\"strings\": {\n\"A\": {\"localizations\": {\"de\": {\"stringUnit\": {}}}}}}".utf8), 2,
             "strings.A.localizations.de.stringUnit: \"value\" is missing"),
            ("Localizable.xcstrings", Array("{\"strings\": {\n\n\"A\": {\"localizations\": {\"de\": {\"variations\": {\"plural\": {\"lots\": {\"stringUnit\": {\"value\": \"x\"}}}}}}}}}".utf8),
             3, "\"A\" (de): unknown plural category \"lots\""),
        ]
        for (name, bytes, line, message) in cases {
            let directory = try TableDirectory([name: bytes])
            do {
                _ = try StringCatalog(directory: directory.path)
                Issue.record("\(name): no error for \(String(decoding: bytes, as: UTF8.self))")
            } catch let error as StringTableError {
                #expect(error.path == directory.path + "/" + name)
                #expect(error.line == line, "\(error)")
                #expect(error.message == message, "\(error)")
            }
        }
    }

    @Test("A surrogate pair escape is one character; a lone surrogate is a replacement character")
    func surrogates() throws {
        let directory = try TableDirectory(["de.lproj/Localizable.strings": "\"a\" = \"\\UD83D\\UDE00\";\n\"b\" = \"x\\UD83Dy\";\n\"c\" = \"\\UDE00\";"])
        let catalog = try StringCatalog(directory: directory.path)
        #expect(lookup("a", "de", in: catalog) == "😀")
        #expect(lookup("b", "de", in: catalog) == "x\u{FFFD}y")
        #expect(lookup("c", "de", in: catalog) == "\u{FFFD}")
    }

    @Test("Text and Button titles follow the environment's locale; verbatim text does not")
    func viewsFollowLocale() throws {
        let (catalog, directory) = try catalog()
        defer { withExtendedLifetime(directory) {} }
        func strings(_ language: String) throws -> [String] {
            let host = UIHost(size: Size(width: 600, height: 300), textEngine: textEngine) {
                VStack {
                    Text("Start")
                    Text(verbatim: "Start")
                    Button("Start") {}.id("start")
                    Text("\(3) drinks")
                    Text(1234.5, format: .number)
                    Text(Date(timeIntervalSince1970: 1_781_524_800), format: .dateTime.month(.wide).year())  // mid-June 2026
                }
                .environment(\.stringCatalog, catalog)
                .environment(\.languageTag, LanguageTag(language))
            }
            _ = host.render(into: try Canvas(width: 600, height: 300))
            return try #require(host.renderedList).items.compactMap { item in
                if case let .text(text, _) = item.op { return text.runs.map(\.string).joined() }
                return nil
            }
        }
        let german = try strings("de")
        #expect(german == ["Starten", "Start", "Starten", "3 Getränke", "1.234,5", "Juni 2026"], "\(german)")
        #expect(try strings("en") == ["Start", "Start", "Start", "3 drinks", "1,234.5", "June 2026"])
    }

    @Test("Hostile translations draw inside their frames: long words, lone marks, controls, bad escapes")
    func hostileTranslations() throws {
        let word = String(repeating: "Kaffeemaschine", count: 720)
        let values = [word, "\u{0301}\u{0E48}\u{064B}", "a\u{0000}b\u{0007}c\u{001B}[2Jd\u{202E}evil", "\u{FFFD}\u{FFFD}x",
                      String(repeating: "ก", count: 10_000), "(\u{05E9}\u{05DC}[\u{0645}]\u{05D5}\u{05DD})"]
        let catalog = StringCatalog(report: { _ in })
        catalog.add(Dictionary(uniqueKeysWithValues: values.enumerated().map { ("key\($0.offset)", StringCatalog.Entry($0.element)) }),
                    language: "de")
        let frame = Rect(x: 100, y: 100, width: 200, height: 80)
        for (index, _) in values.enumerated() {
            let canvas = try Canvas(width: 400, height: 300)
            let host = UIHost(size: Size(width: 400, height: 300), background: .white, textEngine: textEngine) {
                Text(LocalizedStringKey("key\(index)"))
                    .frame(width: frame.width, height: frame.height)
                    .padding(EdgeInsets(top: frame.minY, leading: frame.minX, bottom: 0, trailing: 0))
                    .frame(width: 400, height: 300, alignment: .topLeading)
                    .environment(\.stringCatalog, catalog)
                    .environment(\.languageTag, LanguageTag("de"))
            }
            host.render(into: canvas)
            var outside = 0, inside = 0
            for y in 0..<300 {
                for x in 0..<400 where canvas.argb(x: x, y: y) & 0xFFFFFF != 0xFFFFFF {
                    if frame.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { inside += 1 } else { outside += 1 }
                }
            }
            #expect(outside == 0, "value \(index) drew \(outside) pixels outside its frame")
            #expect(inside > 0 || index == 1, "value \(index) drew nothing")
        }
    }

    @Test("A table with invalid UTF-8 or an unreadable catalog is an error; the views show their keys")
    func unreadableBundleTables() throws {
        let directory = try TableDirectory(["de.lproj/Localizable.strings": Array("\"Start\" = \"".utf8) + [0xFF, 0xFE, 0x22, 0x3B]])
        #expect(throws: StringTableError.self) { try StringCatalog(directory: directory.path) }
        let empty = StringCatalog(report: { _ in })
        #expect(empty.string(for: "Start", locale: LanguageTag("de")) == "Start")
    }
}
