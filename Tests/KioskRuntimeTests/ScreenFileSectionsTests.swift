import Foundation
import KioskGestures
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskTestSupport
@testable import KioskViews
import Testing

/// A `list` in sections, and controls whose titles, placeholders and options are translated
/// as labels are.
/// One touch of slot 0 at `ms`.
private func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, at ms: Int64) -> TouchFrame {
    TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: x, y: y), timestamp: ms * 1000)],
               timestamp: ms * 1000)
}

@MainActor
@Suite("Screen-file sections and translated controls")
struct ScreenFileSectionsTests {
    static let engine = try! KioskTextEngine()
    static let size = Size(width: 400, height: 300)

    static let menu = """
        [[screens]]
        id = "main"
        [[screens.items]]
        kind = "list"
        spacing = 0
        pin_headers = true
        pin_footers = true
        [[screens.items.sections]]
        header = { en = "Coffee", de = "Kaffee" }
        footer = "Oat milk on request"
        [[screens.items.sections.items]]
        kind = "button"
        id = "espresso"
        title = "Espresso"
        fill = true
        [[screens.items.sections.items]]
        kind = "button"
        id = "latte"
        title = "Latte"
        fill = true
        [[screens.items.sections]]
        header = [{ text = "Tea", bold = true }]
        [[screens.items.sections.items]]
        kind = "button"
        id = "chai"
        title = { en = "Chai", de = "Gewürztee" }
        fill = true
        """

    func host(_ toml: String, locale: String? = nil) throws -> UIHost {
        let file = try ScreenFile(parsing: toml, path: "t.toml")
        let host = file.makeHost(size: Self.size, textEngine: Self.engine) { _ in }
        if let locale { host.locale = LanguageTag(locale) }
        host.render(into: try Canvas(width: 400, height: 300))
        return host
    }

    @Test("A list's sections show their headers, rows and footers in order; the headers are headers, translated")
    func sections() throws {
        let file = try ScreenFile(parsing: Self.menu, path: "t.toml")
        guard case .list(let list) = file.screens[0].items[0] else { Issue.record("not a list"); return }
        #expect(list.sections.count == 2 && list.pinsHeaders && list.pinsFooters)
        #expect(list.sections[1].footer == nil)
        #expect(file.screens[0].allButtons.map(\.id) == ["espresso", "latte", "chai"])
        #expect(file.languages == ["de", "en"])

        let host = try host(Self.menu)
        let elements = host.accessibilityElements
        #expect(elements.map(\.label) == ["Coffee", "Espresso", "Latte", "Oat milk on request", "Tea", "Chai"])
        #expect(elements.filter { $0.traits.contains(.isHeader) }.map(\.label) == ["Coffee", "Tea"])
        let ys = elements.map(\.frame.minY)
        #expect(ys == ys.sorted())
        host.locale = LanguageTag("de")
        host.render(into: try Canvas(width: 400, height: 300))
        #expect(host.accessibilityElements.map(\.label) == ["Kaffee", "Espresso", "Latte", "Oat milk on request", "Tea", "Gewürztee"])
    }

    @Test("A list's pinned header stays at its top while its section's rows scroll under it")
    func pinnedHeader() throws {
        var rows = ""
        for i in 0..<20 { rows += "[[screens.items.sections.items]]\nkind = \"button\"\nid = \"r\(i)\"\ntitle = \"Row \(i)\"\n" }
        let toml = "[[screens]]\nid = \"main\"\n[[screens.items]]\nkind = \"list\"\npin_headers = true\n"
            + "[[screens.items.sections]]\nheader = \"Drinks\"\n" + rows
        let host = try host(toml)
        let header = try #require(host.accessibilityElements.first { $0.label == "Drinks" }).frame
        let row = try #require(host.frame(ofButton: "r5"))
        _ = host.handle(touch(.down, 200, 250, at: 0))
        for step in 1...10 { _ = host.handle(touch(.move, 200, 250 - Double(step) * 15, at: Int64(step) * 10)) }
        host.render(into: try Canvas(width: 400, height: 300))
        #expect(try #require(host.frame(ofButton: "r5")).minY < row.minY - 100, "the rows scrolled")
        #expect(try #require(host.accessibilityElements.first { $0.label == "Drinks" }).frame.minY == header.minY, "the header stayed")
        _ = host.handle(touch(.up, 200, 100, at: 200))
    }

    @Test("After a list scrolls, its elements are the rows that show, labelled in the kiosk's language, where they show")
    func elementsFollowScroll() throws {
        var rows = ""
        for i in 0..<40 { rows += "[[screens.items.sections.items]]\nkind = \"button\"\nid = \"r\(i)\"\ntitle = { en = \"Row \(i)\", de = \"Zeile \(i)\" }\n" }
        let toml = "[[screens]]\nid = \"main\"\n[[screens.items]]\nkind = \"list\"\n[[screens.items.sections]]\n" + rows
        let host = try host(toml, locale: "de")
        func rowElements() -> [AccessibilityElement] { host.accessibilityElements.filter { $0.label.hasPrefix("Zeile ") } }
        let before = rowElements()
        _ = host.handle(touch(.down, 200, 250, at: 0))
        for step in 1...10 { _ = host.handle(touch(.move, 200, 250 - Double(step) * 20, at: Int64(step) * 10)) }
        _ = host.handle(touch(.cancel, 200, 50, at: 110))
        let after = rowElements()
        #expect(after.first?.label != before.first?.label, "rows left and came")
        #expect(after.count > 0)
        for element in after {
            let id = String(element.label.dropFirst("Zeile ".count))
            #expect(element.frame == host.frame(ofButton: "r" + id), "\(element.label) is where its button is")
            #expect(element.frame.maxY > 0 && element.frame.minY < 300, "\(element.label) shows")
        }
    }

    @Test("Control titles, placeholders and picker options are translated by language as labels are; options keep their values")
    func translatedControls() throws {
        let toml = """
            [display]
            language = "de"
            [[screens]]
            id = "main"
            [[screens.items]]
            kind = "toggle"
            id = "oat"
            title = { en = "Oat milk", de = "Hafermilch" }
            [[screens.items]]
            kind = "stepper"
            id = "shots"
            title = { en = "Shots: {value}", de = "Shots: {value}" }
            value = 1
            [[screens.items]]
            kind = "picker"
            id = "size"
            title = "Size"
            options = [{ en = "Small", de = "Klein" }, { en = "Large", de = "Groß" }, "XL"]
            [[screens.items]]
            kind = "text_field"
            id = "name"
            placeholder = { en = "Your name", fr = "Votre nom" }
            """
        let file = try ScreenFile(parsing: toml, path: "t.toml")
        let controls = file.screens[0].controls
        // Given only by language, an option's value is its text in the file's language.
        #expect(controls[2].kind == .picker(options: [ScreenFile.TranslatedString("Klein", translations: ["en": "Small", "de": "Klein"]),
                                                       ScreenFile.TranslatedString("Groß", translations: ["en": "Large", "de": "Groß"]),
                                                       "XL"]))
        #expect(controls[2].initial == .text("Klein"))
        #expect(file.languages == ["de", "en", "fr"])

        let values = ControlValues()
        let host = file.makeHost(size: Size(width: 600, height: 400), textEngine: Self.engine, values: values) { _ in }
        host.locale = LanguageTag("en")
        host.render(into: try Canvas(width: 600, height: 400))
        let english = host.accessibilityElements.map(\.label)
        #expect(english.contains("Oat milk") && english.contains("Small") && english.contains("Large") && english.contains("XL"))
        #expect(english.contains("Your name"))
        host.locale = LanguageTag("fr")
        host.render(into: try Canvas(width: 600, height: 400))
        #expect(host.accessibilityElements.map(\.label).contains("Votre nom"))
        #expect(host.accessibilityElements.map(\.label).contains("Hafermilch"), "no French title: the file language's")
        host.locale = LanguageTag("de-AT")
        host.render(into: try Canvas(width: 600, height: 400))
        let german = host.accessibilityElements.map(\.label)
        #expect(german.contains("Hafermilch") && german.contains("Groß"))
        // The value is the option's, whatever the language shown.
        let large = try #require(host.accessibilityElements.first { $0.label == "Groß" })
        _ = host.handle(touch(.down, large.frame.center.x, large.frame.center.y, at: 0))
        _ = host.handle(touch(.up, large.frame.center.x, large.frame.center.y, at: 50))
        _ = host.advance(to: 100_000)
        #expect(values["size"] == .text("Groß"))
    }

    @Test("Bad sections and translation tables are one error naming file, line and key")
    func errors() {
        func error(_ toml: String) -> String {
            do {
                _ = try ScreenFile(parsing: "[[screens]]\nid = \"main\"\n" + toml, path: "x.toml")
                return "no error"
            } catch {
                return error.description
            }
        }
        let list = "[[screens.items]]\nkind = \"list\"\n"
        #expect(error(list + "[[screens.items.items]]\nkind = \"spacer\"\n[[screens.items.sections]]\nheader = \"A\"\n")
                == "x.toml:7: key \"screens[0].items[0].sections\": a list has items or sections, not both (put its items in its sections)")
        #expect(error(list + "pin_headers = true\n")
                == "x.toml:5: key \"screens[0].items[0].pin_headers\": only a list with [[…sections]] has section headers and footers to pin")
        #expect(error(list + "[[screens.items.sections]]\ntitle = \"A\"\n")
                == "x.toml:6: key \"screens[0].items[0].sections[0].title\": unknown key (known keys: header, footer, items)")
        #expect(error(list + "[[screens.items.sections]]\nheader = { deutsch = \"A\" }\n")
                == "x.toml:6: key \"screens[0].items[0].sections[0].header\": \"deutsch\" is not a language tag (like \"de\" or \"pt-BR\")")
        #expect(error("[[screens.items]]\nkind = \"stack\"\npin_headers = true\n")
                == "x.toml:5: key \"screens[0].items[0].pin_headers\": unknown key (known keys: kind, axis, spacing, align, padding, items)")
        let toggle = "[[screens.items]]\nkind = \"toggle\"\nid = \"t\"\n"
        #expect(error(toggle + "title = { de = 4 }\n")
                == "x.toml:6: key \"screens[0].items[0].title\": expected a string or a table of strings by language, got an integer")
        #expect(error(toggle + "title = {}\n") == "x.toml:6: key \"screens[0].items[0].title\": a table of titles needs at least one language")
        #expect(error(toggle + "title = { x1 = \"A\" }\n")
                == "x.toml:6: key \"screens[0].items[0].title\": \"x1\" is not a language tag (like \"de\" or \"pt-BR\")")
        let field = "[[screens.items]]\nkind = \"text_field\"\nid = \"f\"\n"
        #expect(error(field + "placeholder = [\"a\"]\n")
                == "x.toml:6: key \"screens[0].items[0].placeholder\": expected a string or a table of strings by language, got an array")
        let picker = "[[screens.items]]\nkind = \"picker\"\nid = \"p\"\n"
        #expect(error(picker + "options = [{ en = \"A\" }, \"A\"]\n") == "x.toml:6: key \"screens[0].items[0].options\": \"A\" is listed twice")
        #expect(error(picker + "options = [{ en = \"A\", de = \"\" }]\n") == "x.toml:6: key \"screens[0].items[0].options\": an option must not be empty")
        #expect(error(picker + "options = [{ en = 1 }]\n")
                == "x.toml:6: key \"screens[0].items[0].options\": expected a string or a table of strings by language, got an integer")
        #expect(error(picker + "options = [3]\n")
                == "x.toml:6: key \"screens[0].items[0].options\": expected non-empty strings or tables of them by language, got an integer")
    }
}
