import Foundation
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

@MainActor
@Suite("Screen files")
struct ScreenFileTests {
    @Test("The examples load, and every key of the schema arrives")
    func examples() throws {
        let demo = try ScreenFile(contentsOf: repositoryRoot + "/examples/demo.toml")
        #expect(demo.display.width == 1280 && demo.display.height == 800)
        #expect(demo.gestures.longPressDuration == 500_000 && demo.gestures.cancelMargin == 24)
        #expect(demo.screens.map(\.id) == ["main", "settings"])
        #expect(demo.screens[0].swipes == [.left: "settings"])
        #expect(demo.screens[0].columns == 3 && demo.screens[0].spacing == 24 && demo.screens[0].padding == 40)
        let start = demo.screens[0].buttons[0]
        #expect(start.title.count == 2)
        #expect(start.title[1] == ScreenFile.TitleRun(text: "START", italic: false, bold: true, underline: true, size: 32,
                                                      color: try PixelColor(hex: "#FFFF00")))
        #expect(start.style == "borderedProminent" && start.size == .extraLarge && start.shape == "capsule")
        let buttons = Dictionary(uniqueKeysWithValues: demo.screens.flatMap(\.buttons).map { ($0.id, $0) })
        #expect(buttons["plus"]?.repeats == true)
        #expect(buttons["reset"]?.longPress == true && buttons["reset"]?.role == .destructive)
        #expect(buttons["off"]?.disabled == true)
        #expect(buttons["settings"]?.icon?.width == 48 && buttons["settings"]?.goto == "settings")
        #expect(buttons["delete"]?.cornerRadius == 16)
        let reference = try ScreenFile(contentsOf: repositoryRoot + "/examples/reference.toml")
        #expect(reference.screens[0].buttons.count == 12)
    }

    @Test("exec runs without a shell: the arguments arrive as given")
    func exec() throws {
        let file = try ScreenFile(parsing: """
            [[screens]]
            id = "main"
            [[screens.buttons]]
            id = "log"
            title = "Log"
            exec = ["/usr/bin/logger", "a b", "$HOME"]
            """, path: "exec.toml")
        var ran: [ExecRequest] = []
        let host = file.makeHost(size: Size(width: 400, height: 300), textEngine: try KioskTextEngine()) { ran.append($0) }
        let f = try #require(host.frame(ofButton: "log"))
        _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .down, location: TouchLocation(x: f.center.x, y: f.center.y), timestamp: 0)], timestamp: 0))
        _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .up, location: TouchLocation(x: f.center.x, y: f.center.y), timestamp: 50_000)], timestamp: 50_000))
        #expect(ran == [ExecRequest(arguments: ["/usr/bin/logger", "a b", "$HOME"], button: "log", screen: "main")])
    }

    @Test("Long titles in a 4-column grid keep inside their buttons: wrapped, or shrunk and cut as the file says")
    func longTitlesKeepInside() throws {
        let word = "Kaffeemaschinenreinigungsprogramm"
        let file = try ScreenFile(parsing: """
            [[screens]]
            id = "main"
            columns = 4
            [[screens.buttons]]
            id = "wrapped"
            title = "\(word)"
            [[screens.buttons]]
            id = "shrunk"
            title = "\(word)"
            line_limit = 1
            minimum_scale = 0.5
            [[screens.buttons]]
            id = "cut"
            title = "\(word) \(word)"
            line_limit = 1
            truncation = "middle"
            [[screens.buttons]]
            id = "short"
            title = "OK"
            """, path: "grid.toml")
        #expect(file.screens[0].buttons[1].lineLimit == 1 && file.screens[0].buttons[1].minimumScale == 0.5)
        #expect(file.screens[0].buttons[2].truncation == .middle)
        let engine = DrawnTexts(try KioskTextEngine())
        let host = file.makeHost(size: Size(width: 800, height: 480), textEngine: engine) { _ in }
        host.render(into: try Canvas(width: 800, height: 480))
        #expect(engine.drawn.map(\.fit.lineLimit) == [nil, 1, 1, nil])
        #expect(engine.drawn[2].fit.truncationMode == .middle)
        for (id, rect) in zip(["wrapped", "shrunk", "cut", "short"], engine.rects) {
            let button = try #require(host.frame(ofButton: id))
            #expect(rect.minX >= button.minX - 0.5 && rect.maxX <= button.maxX + 0.5, "\(id): \(rect) outside \(button)")
            #expect(button.width < 200, "\(id) keeps its cell: \(button)")
        }
        #expect(throws: ScreenFileError.self) {
            try ScreenFile(parsing: "[[screens]]\nid = \"a\"\n[[screens.buttons]]\nid = \"b\"\ntitle = \"x\"\nminimum_scale = 2\n", path: "x.toml")
        }
    }

    @Test("A title run can be struck through, and reaches the text drawn")
    func strikethroughRun() throws {
        let file = try ScreenFile(parsing: """
            [[screens]]
            id = "main"
            [[screens.buttons]]
            id = "sale"
            title = [{ text = "12.99", strikethrough = true }, { text = " 9.99" }]
            """, path: "sale.toml")
        let title = file.screens[0].buttons[0].title
        #expect(title == [ScreenFile.TitleRun(text: "12.99", strikethrough: true), ScreenFile.TitleRun(text: " 9.99")])
        let engine = DrawnTexts(try KioskTextEngine())
        file.makeHost(size: Size(width: 400, height: 300), textEngine: engine) { _ in }.render(into: try Canvas(width: 400, height: 300))
        let runs = engine.drawn.flatMap(\.runs)
        #expect(runs.contains { $0.string == "12.99" && $0.isStrikethrough })
        #expect(runs.contains { $0.string == " 9.99" && !$0.isStrikethrough })
        #expect(throws: ScreenFileError.self) {
            try ScreenFile(parsing: """
                [[screens]]
                id = "main"
                [[screens.buttons]]
                id = "sale"
                title = [{ text = "12.99", strikethrough = "yes" }]
                """, path: "sale.toml")
        }
    }

    nonisolated static let badFiles: [(String, String)] = [
        ("unknown-key", "unknown-key.toml:7: key \"screens[0].buttons[0].colour\": unknown key (known keys: id, title, role, style, size, shape, corner_radius, icon, repeat, long_press, disabled, goto, exec, line_limit, minimum_scale, truncation, language, a11y_label, a11y_hint, text_size, contrast, fill, align, min_width, min_height, confirm)"),
        ("wrong-type", "wrong-type.toml:2: key \"display.width\": expected an integer, got a string"),
        ("bad-colour", "bad-colour.toml:2: key \"display.background\": invalid colour \"#F2F2F\": "),
        ("missing-icon", "missing-icon.toml:7: key \"screens[0].buttons[0].icon\": missing icon: no file at "),
        ("dangling-goto", "dangling-goto.toml:7: key \"screens[0].buttons[0].goto\": dangling goto: no screen has the id \"nowhere\""),
        ("duplicate-id", "duplicate-id.toml:9: key \"screens[0].buttons[1].id\": duplicate button id \"go\" (first used in screens[0].buttons[0])"),
    ]

    @Test("A bad file is one error naming file, line and key", arguments: badFiles.map(\.0))
    func badFile(name: String) throws {
        let path = repositoryRoot + "/Tests/KioskRuntimeTests/BadFiles/\(name).toml"
        let expected = try #require(Self.badFiles.first { $0.0 == name }?.1)
        do {
            _ = try ScreenFile(contentsOf: path)
            Issue.record("\(name) loaded")
        } catch {
            let message = error.description.replacingOccurrences(of: repositoryRoot + "/Tests/KioskRuntimeTests/BadFiles/", with: "")
            #expect(message.hasPrefix(expected), "\(message)")
        }
    }

    @Test("Other mistakes: TOML syntax, no screens, bad enum, screen without id, bad rich run")
    func moreMistakes() {
        let error = screenFileError
        #expect(error("[[screens]\nid = 1").hasPrefix("x.toml:1: TOML syntax"))
        #expect(error("[display]\nwidth = 10") == "x.toml:1: key \"screens\": a screen file needs at least one [[screens]]")
        #expect(error("[[screens]]\nid = \"a\"\n[[screens.buttons]]\nid = \"b\"\ntitle = \"B\"\nstyle = \"fancy\"")
                == "x.toml:6: key \"screens[0].buttons[0].style\": \"fancy\" is not one of automatic | bordered | borderedProminent | borderless | plain | link")
        #expect(error("[[screens]]\ncolumns = 2") == "x.toml:1: key \"screens[0]\": a screen needs an id")
        #expect(error("[[screens]]\nid = \"a\"\n[[screens.buttons]]\nid = \"b\"\ntitle = [{ text = \"x\", colour = \"#FFF\" }]")
                == "x.toml:5: key \"screens[0].buttons[0].title\": unknown key \"colour\" in run 0 (known keys: text, italic, bold, underline, strikethrough, size, color)")
        #expect(error("[[screens]]\nid = \"a\"\nswipe_left = \"b\"") == "x.toml:3: key \"screens[0].swipe_left\": no screen has the id \"b\"")
    }
}

/// The error loading `text` as x.toml gives, or "loaded".
func screenFileError(_ text: String) -> String {
    do {
        _ = try ScreenFile(parsing: text, path: "x.toml")
        return "loaded"
    } catch {
        return error.description
    }
}

/// A text engine that remembers what it was asked to draw.
final class DrawnTexts: TextEngine {
    let engine: TextEngine
    private(set) var drawn: [StyledText] = []
    private(set) var rects: [Rect] = []

    init(_ engine: TextEngine) { self.engine = engine }

    func measure(_ text: StyledText, maxWidth: Double?, maxHeight: Double?) -> Size {
        engine.measure(text, maxWidth: maxWidth, maxHeight: maxHeight)
    }

    func draw(_ text: StyledText, in rect: Rect, on canvas: Canvas) {
        drawn.append(text)
        rects.append(rect)
        engine.draw(text, in: rect, on: canvas)
    }

    /// Expects one title drawn per button of `host`'s screen, each inside its button (half a
    /// pixel of slack for rounding); `name` says which case failed.
    func expectEachInsideItsButton(on host: UIHost, _ name: String) throws {
        #expect(rects.count == host.buttonIDs.count, "\(name)")
        for (id, rect) in zip(host.buttonIDs, rects) {
            let button = try #require(host.frame(ofButton: id))
            #expect(rect.minX >= button.minX - 0.5 && rect.maxX <= button.maxX + 0.5
                    && rect.minY >= button.minY - 0.5 && rect.maxY <= button.maxY + 0.5, "\(name) \(id): \(rect) outside \(button)")
        }
    }
}
