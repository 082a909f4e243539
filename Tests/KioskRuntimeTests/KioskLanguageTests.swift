import Foundation
import KioskGraphics
import KioskTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Languages as the shipped `kiosk` shows them. The binary links FoundationEssentials only,
/// where every `Locale` is `en_001`, while this test process links full Foundation: a
/// language path can work here and not there, so these tests run the binary. Its German and
/// Arabic pictures are the same references the in-process tests draw.
@Suite("The kiosk binary in other languages")
final class KioskLanguageTests {
    /// A directory of this test's own (snapshots, scripts, the control socket).
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-language-\(UUID().uuidString)").path

    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// `kiosk snapshot FILE --size 800x480 ARGUMENTS` as a canvas, with the PNG's bytes.
    func snapshot(_ arguments: [String], file: String = "examples/demo.toml") throws -> (canvas: Canvas, bytes: Data) {
        let out = directory + "/snapshot.png"
        let result = try KioskProcess.run(["snapshot", file, "--size", "800x480", "--out", out] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        return (try Canvas(pngFile: out), try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    @Test("snapshot --language de and ar draw the reviewed German and mirrored Arabic screens, not the English one",
          arguments: ["de", "ar"])
    func snapshotLanguage(language: String) throws {
        let english = try snapshot([])
        for screen in ["main", "settings"] {
            let shown = try snapshot(["--language", language, "--screen", screen])
            try GoldenImage.check(shown.canvas, named: "demo-\(language)-\(screen)-800x480")
            if screen == "main" { #expect(shown.bytes != english.bytes) }
        }
    }

    @Test("[display] language starts the file in that language; --language wins over it")
    func displayLanguage() throws {
        let screens = """
            [[screens]]
            id = "main"
            columns = 2
            [[screens.buttons]]
            id = "start"
            title = { en = "Start", ar = "ابدأ" }
            [[screens.buttons]]
            id = "stop"
            title = "Stop"
            """
        let plain = directory + "/plain.toml", arabic = directory + "/arabic.toml"
        try screens.write(toFile: plain, atomically: true, encoding: .utf8)
        try ("[display]\nlanguage = \"ar\"\n" + screens).write(toFile: arabic, atomically: true, encoding: .utf8)
        let byFile = try snapshot([], file: arabic).bytes
        #expect(byFile == (try snapshot(["--language", "ar"], file: plain).bytes))
        #expect(byFile != (try snapshot([], file: plain).bytes), "Arabic, mirrored")
        #expect((try snapshot(["--language", "en"], file: arabic).bytes) == (try snapshot([], file: plain).bytes))
        try "[display]\nlanguage = \"xx\"\n\(screens)".write(toFile: arabic, atomically: true, encoding: .utf8)
        let refused = try KioskProcess.run(["snapshot", arabic, "--out", directory + "/x.png"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "kiosk: \(arabic):2: key \"display.language\": unknown language \"xx\" (like \"de\" or \"pt-BR\")\n")
    }

    @Test("A board profile's language starts a file that names none in it, under --language")
    func boardLanguage() throws {
        let board = directory + "/board.toml", script = directory + "/end.touch", out = directory + "/run"
        try "language = \"de\"\n".write(toFile: board, atomically: true, encoding: .utf8)
        try "100 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        func run(_ arguments: [String]) throws -> Canvas {
            let result = try KioskProcess.run(["run", "examples/demo.toml", "--board", board, "--display", "headless", "--size", "800x480",
                                               "--out", out, "--no-control", "--touch-script", script] + arguments)
            try #require(result.status == 0, "\(result.stderr)")
            return try Canvas(pngFile: out + "/last.png")
        }
        try GoldenImage.check(try run([]), named: "demo-de-main-800x480")
        try GoldenImage.check(try run(["--language", "ar"]), named: "demo-ar-main-800x480")
    }

    @Test("An unknown language or region, or no language tag, is one error naming it", arguments: [
        ("xx", #"unknown language "xx" (like "de" or "pt-BR")"#),
        ("de-XX", #"unknown region "XX" in "de-XX""#),
        ("Deutsch!", #""Deutsch!" is not a language tag (like "de" or "pt-BR")"#),
    ])
    func unknownLanguage(tag: String, message: String) throws {
        let result = try KioskProcess.run(["snapshot", "examples/demo.toml", "--language", tag, "--out", directory + "/x.png"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("kiosk: --language: \(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("kiosk:") }.count == 1, "one error (the usage may follow)")
    }

    /// `kiosk run` of the built-in demo, headless at 1280x800, playing `script` (a touch
    /// script, in real time) with `arguments`; the last frame.
    func runDemo(_ script: String, _ arguments: [String] = []) throws -> Canvas {
        let touches = directory + "/script.touch", out = directory + "/run"
        try script.write(toFile: touches, atomically: true, encoding: .utf8)
        let result = try KioskProcess.run(["run", "--display", "headless", "--out", out, "--no-control", "--touch-script", touches]
                                          + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        return try Canvas(pngFile: out + "/last.png")
    }

    @Test("The built-in demo's language button and run --language both show it in German")
    func demoLanguageButton() throws {
        let byFlag = try runDemo("100 end\n", ["--language", "de"])
        try GoldenImage.check(byFlag, named: "builtin-demo-de-home-1280x800")
        // Swipe left to the settings screen, tap Deutsch (its frame in `kiosk ctl tree`), swipe back.
        let byButton = try runDemo("""
            0 down 0 1000 700
            16 move 0 850 700
            32 move 0 700 700
            48 move 0 550 700
            64 up 0
            800 down 0 699 496
            880 up 0
            1400 down 0 300 700
            1416 move 0 450 700
            1432 move 0 600 700
            1448 move 0 750 700
            1464 up 0
            2200 end
            """)
        try GoldenImage.check(byButton, named: "builtin-demo-de-home-1280x800")
    }

    @Test("A product's own KioskApp executable takes --language: snapshot and run show the demo in German")
    func productLanguage() throws {
        let out = directory + "/product.png"
        let snapshot = try KioskProcess.run(["snapshot", "--language", "de", "--out", out], executable: KioskProcess.demoKioskPath)
        try #require(snapshot.status == 0, "\(snapshot.stderr)")
        try GoldenImage.check(try Canvas(pngFile: out), named: "builtin-demo-de-home-1280x800")
        let refused = try KioskProcess.run(["snapshot", "--language", "xx", "--out", out], executable: KioskProcess.demoKioskPath)
        #expect(refused.status == 64 && refused.stderr.contains("--language: unknown language \"xx\""), "\(refused.stderr)")
    }

    @Test("kiosk ctl language switches a running kiosk, mirrored for Arabic; an unknown one is refused")
    func controlLanguage() throws {
        let kiosk = try HeadlessKiosk(screenFile: "examples/demo.toml", arguments: ["--size", "800x480"], in: directory)
        defer { kiosk.stop() }
        let socket = kiosk.socket
        let switched = try KioskProcess.run(["ctl", "language", "ar", "--socket", socket])
        #expect(switched.status == 0 && switched.stdout == #"{"ok":true,"language":"ar"}"# + "\n", "\(switched)")
        let shot = try KioskProcess.run(["ctl", "snapshot", "arabic.png", "--socket", socket])
        try #require(shot.status == 0, "\(shot)")
        try GoldenImage.check(try Canvas(pngFile: directory + "/arabic.png"), named: "demo-ar-main-800x480")
        let refused = try KioskProcess.run(["ctl", "language", "xx", "--socket", socket])
        #expect(refused.status == 1)
        #expect(refused.stdout == #"{"ok":false,"error":"\"language\": unknown language \"xx\" (like \"de\" or \"pt-BR\")"}"# + "\n",
                "\(refused)")
    }
}
