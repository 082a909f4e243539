import Foundation
import KioskGestures
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskTestSupport
import KioskViews
import Testing

/// Screen files in several languages: titles by language, a language switch that redraws
/// only what changed, and right-to-left layouts with their swipes mirrored.
@MainActor
@Suite("Screen files in other languages")
struct ScreenFileLanguageTests {
    static let size = Size(width: 800, height: 480)

    func demo() throws -> ScreenFile { try ScreenFile(contentsOf: repositoryRoot + "/examples/demo.toml") }

    func error(_ text: String) -> String { screenFileError(text) }

    @Test("A title is a string, runs, or a table of them by language; [strings.LANG] adds more")
    func titlesByLanguage() throws {
        let file = try ScreenFile(parsing: """
            [display]
            language = "de"
            [[screens]]
            id = "main"
            [[screens.buttons]]
            id = "start"
            title = { en = "Start", de = "Starten", ar = [{ text = "ابدأ", bold = true }] }
            [[screens.buttons]]
            id = "stop"
            title = "Stop"
            [strings.pt_BR]
            stop = "Parar"
            start = "Iniciar"
            """, path: "x.toml")
        let start = file.screens[0].buttons[0], stop = file.screens[0].buttons[1]
        #expect(file.display.language == "de")
        #expect(file.languages == ["ar", "de", "en", "pt-BR"])
        #expect(start.title.map(\.text) == ["Starten"], "the file's language is the default")
        #expect(start.title(for: LanguageTag("de_AT")).map(\.text) == ["Starten"])
        #expect(start.title(for: LanguageTag("ar")) == [ScreenFile.TitleRun(text: "ابدأ", bold: true)])
        #expect(start.title(for: LanguageTag("pt-BR")).map(\.text) == ["Iniciar"])
        #expect(start.title(for: LanguageTag("ja")).map(\.text) == ["Starten"])
        #expect(stop.title(for: LanguageTag("pt_BR")).map(\.text) == ["Parar"])
        #expect(stop.title(for: LanguageTag("pt")).map(\.text) == ["Stop"])
    }

    @Test("Language mistakes name file, line and key")
    func mistakes() {
        let button = "[[screens]]\nid = \"a\"\n[[screens.buttons]]\nid = \"b\"\n"
        #expect(error(button + "title = { deutsch = \"B\" }")
                == "x.toml:5: key \"screens[0].buttons[0].title\": \"deutsch\" is not a language tag (like \"de\" or \"pt-BR\")")
        #expect(error(button + "title = {}") == "x.toml:5: key \"screens[0].buttons[0].title\": a table of titles needs at least one language")
        #expect(error(button + "title = { de = 3 }") == "x.toml:5: key \"screens[0].buttons[0].title\": expected a string or an array of runs, got an integer")
        #expect(error(button + "title = \"B\"\nlanguage = \"Klingon!\"")
                == "x.toml:6: key \"screens[0].buttons[0].language\": \"Klingon!\" is not a language tag (like \"de\" or \"pt-BR\")")
        #expect(error(button + "title = \"B\"\n[strings.de]\nb = \"Be\"\nc = \"Ce\"") == "x.toml:8: key \"strings.de.c\": no button has the id \"c\"")
        #expect(error(button + "title = \"B\"\n[strings]\nde = \"B\"") == "x.toml:7: key \"strings.de\": expected a table of button titles, got a string")
        #expect(error("[display]\nlanguage = \"\"\n" + button + "title = \"B\"")
                == "x.toml:2: key \"display.language\": \"\" is not a language tag (like \"de\" or \"pt-BR\")")
    }

    /// The demo file at 800x480 in `language`, with the rectangles its texts were drawn in.
    func render(_ language: String, screen: String = "main") throws -> (UIHost, Canvas, DrawnTexts) {
        let engine = DrawnTexts(try KioskTextEngine())
        let host = try demo().makeHost(size: Self.size, textEngine: engine) { _ in }
        host.locale = LanguageTag(language)
        host.show(screen: screen)
        let canvas = try Canvas(width: 800, height: 480)
        host.render(into: canvas)
        return (host, canvas, engine)
    }

    @Test("The demo in German and Arabic at 800x480 keeps every label inside its button",
          arguments: ["de", "ar"])
    func demoLooks(language: String) throws {
        for screen in ["main", "settings"] {
            let (host, canvas, engine) = try render(language, screen: screen)
            try GoldenImage.check(canvas, named: "demo-\(language)-\(screen)-800x480")
            try engine.expectEachInsideItsButton(on: host, "\(language) \(screen)")
        }
    }

    @Test("Switching to Arabic mirrors the grid and redraws only what changed")
    func switchToArabic() throws {
        let (host, canvas, _) = try render("en")
        let plus = try #require(host.frame(ofButton: "plus")), start = try #require(host.frame(ofButton: "start"))
        host.locale = LanguageTag("ar")
        #expect(host.needsFrame)
        let damage = host.render(into: canvas)
        let mirroredStart = try #require(host.frame(ofButton: "start"))
        #expect(mirroredStart.minX > plus.minX && start.minX < plus.minX, "start moves to the right")
        #expect(try #require(host.frame(ofButton: "plus")) == plus)
        #expect(!damage.contains(x: Int(plus.center.x), y: Int(plus.center.y)), "the + button is the same in both: \(damage)")
        #expect(damage.contains(x: Int(mirroredStart.center.x), y: Int(mirroredStart.center.y)))
        #expect(damage.area < 800 * 480, "\(damage)")
        let (_, arabic, _) = try render("ar")
        #expect(try canvas.pngData() == arabic.pngData(), "a switch draws what a fresh start in Arabic draws")
    }

    @Test("A language button switches the kiosk; right to left, the swipes run the other way")
    func languageButtonAndSwipes() throws {
        let engine = try KioskTextEngine()
        let host = try demo().makeHost(size: Self.size, textEngine: engine) { _ in }
        host.show(screen: "settings")
        host.render(into: try Canvas(width: 800, height: 480))
        let arabic = try #require(host.frame(ofButton: "arabic"))
        var t: Microseconds = 1_000_000
        func frame(_ phase: TouchPhase, _ x: Double, _ y: Double) -> TouchFrame {
            t += 16_000
            return TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: x, y: y), timestamp: t)], timestamp: t)
        }
        var events = host.handle(frame(.down, arabic.center.x, arabic.center.y))
        events += host.handle(frame(.up, arabic.center.x, arabic.center.y))
        #expect(events.contains { $0.kind == UIEvent.Kind.triggered(button: "arabic", cause: TriggerCause.tap) }, "\(events)")
        #expect(host.locale.identifier == "ar")
        // In English a leftward swipe leads from settings nowhere and a rightward one home;
        // in Arabic, a leftward one leads home.
        var swipe: [UIEvent] = []
        for (i, x) in stride(from: 700.0, through: 100, by: -60).enumerated() {
            swipe += host.handle(frame(i == 0 ? .down : .move, x, 460))
        }
        swipe += host.handle(frame(.up, 100, 460))
        #expect(swipe.contains { $0.kind == UIEvent.Kind.screen("main") }, "\(swipe)")
    }
}
