import Foundation
import KioskBoardProfiles
import KioskControl
import KioskGestures
import KioskGraphics
import KioskRuntime
import KioskScreenFiles
import KioskTestSupport
import KioskViews
import Testing

/// Larger text and increased contrast from outside the views: the control socket, board
/// profiles, screen files and their buttons; the demo's look at both.
@MainActor
@Suite("Text size and contrast", .serialized)
struct TextSizeAndContrastTests {
    static let size = Size(width: 800, height: 480)
    nonisolated static let textSizes = "xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, "
        + "accessibility1, accessibility2, accessibility3, accessibility4, accessibility5"

    func parse(_ text: String) -> Result<ControlRequest, ControlError> {
        Result { () throws(ControlError) in try ControlRequest(line: Array(text.utf8)) }
    }

    @Test("accessibility requests parse with either key or both; bad ones say what is wrong and list the names")
    func requests() throws {
        #expect(try parse(#"{"cmd":"accessibility","text_size":"accessibility3"}"#).get()
                == .accessibility(AccessibilityChange(textSize: .accessibility3)))
        #expect(try parse(#"{"cmd":"accessibility","contrast":"increased"}"#).get()
                == .accessibility(AccessibilityChange(contrast: .increased)))
        #expect(try parse(#"{"cmd":"accessibility","text_size":"xSmall","contrast":"standard"}"#).get()
                == .accessibility(AccessibilityChange(textSize: .xSmall, contrast: .standard)))
        #expect(try parse(#"{"cmd":"accessibility","explore":true}"#).get() == .accessibility(AccessibilityChange(mode: .explore)))
        #expect(try parse(#"{"cmd":"accessibility","explore":false}"#).get() == .accessibility(AccessibilityChange(mode: .standard)))
        let errors: [(String, String)] = [
            (#"{"cmd":"accessibility"}"#, "accessibility needs at least one of text_size, contrast, explore"),
            (#"{"cmd":"accessibility","text_size":"huge"}"#, #""text_size": "huge" is not a text size (one of \#(Self.textSizes))"#),
            (#"{"cmd":"accessibility","contrast":"high"}"#, #""contrast": "high" is not a contrast (one of standard, increased)"#),
            (#"{"cmd":"accessibility","text_size":3}"#, #""text_size" must be a non-empty string"#),
            (#"{"cmd":"accessibility","explore":"on"}"#, #""explore" must be true or false"#),
            (#"{"cmd":"accessibility","colour":"red"}"#, #"unknown key "colour" for accessibility (known: text_size, contrast, explore)"#),
        ]
        for (line, message) in errors {
            #expect(throws: ControlError(message), "\(line)") { try ControlRequest(line: Array(line.utf8)) }
        }
    }

    @Test("The socket's accessibility request switches the kiosk and replies with both settings")
    func socket() throws {
        let kiosk = try ControlledKiosk()
        let client = try SocketClient(path: kiosk.path)
        client.send(#"{"cmd":"accessibility","text_size":"accessibility3"}"# + "\n")
        #expect(client.read(1, from: kiosk) == [#"{"ok":true,"text_size":"accessibility3","contrast":"standard","explore":false}"#])
        #expect(kiosk.host.dynamicTypeSize == .accessibility3)
        #expect(kiosk.host.needsFrame, "the switch asks for a frame")
        client.send(#"{"cmd":"accessibility","contrast":"increased"}"# + "\n")
        client.send(#"{"cmd":"accessibility","contrast":"more"}"# + "\n")
        #expect(client.read(2, from: kiosk) == [
            #"{"ok":true,"text_size":"accessibility3","contrast":"increased","explore":false}"#,
            #"{"ok":false,"error":"\"contrast\": \"more\" is not a contrast (one of standard, increased)"}"#,
        ])
        #expect(kiosk.host.colorSchemeContrast == .increased)
        client.send(#"{"cmd":"accessibility","explore":true}"# + "\n")
        #expect(client.read(1, from: kiosk) == [#"{"ok":true,"text_size":"accessibility3","contrast":"increased","explore":true}"#])
        #expect(kiosk.host.accessibilityMode == .explore)
    }

    @Test("A board profile's [accessibility] sets both; the flags and the screen file win over it")
    func boardProfile() throws {
        let profile = try BoardProfile(parsing: "rotation = 90\n[accessibility]\ntext_size = \"xxxLarge\"\ncontrast = \"increased\"\n",
                                       path: "p.toml")
        #expect(profile.accessibility == AccessibilityChange(textSize: .xxxLarge, contrast: .increased))
        #expect(try BoardProfile(parsing: "rotation = 90\n", path: "p.toml").accessibility.isEmpty)
        #expect(try BoardProfile(parsing: "[accessibility]\nexplore = true\n", path: "p.toml").accessibility == AccessibilityChange(mode: .explore))
        let file = AccessibilityChange(textSize: .accessibility1)
        #expect(AccessibilityChange(contrast: .standard).over(file).over(profile.accessibility)
                == AccessibilityChange(textSize: .accessibility1, contrast: .standard))
    }

    @Test(arguments: [
        ("[accessibility]\n\ntext_size = \"huge\"\n",
         "p.toml:3: key \"accessibility.text_size\": \"huge\" is not a text size (one of \(textSizes))"),
        ("[accessibility]\ncontrast = \"high\"\n", "p.toml:2: key \"accessibility.contrast\": \"high\" is not a contrast (one of standard, increased)"),
        ("[accessibility]\ncontrast = 1\n", "p.toml:2: key \"accessibility.contrast\": expected a string"),
        ("[accessibility]\ncolour = true\n", "p.toml:2: key \"accessibility.colour\": unknown key (known keys: text_size, contrast, explore)"),
        ("[accessibility]\nexplore = \"yes\"\n", "p.toml:2: key \"accessibility.explore\": expected true or false"),
        ("accessibility = \"large\"\n", "p.toml:1: key \"accessibility\": expected a table ([accessibility])"),
    ])
    func badProfileKeys(text: String, expected: String) {
        #expect {
            try BoardProfile(parsing: text, path: "p.toml")
        } throws: { error in
            "\(error)" == expected
        }
    }

    static let toml = """
        [display]
        text_size = "xLarge"
        [[screens]]
        id = "main"
        columns = 2
        [[screens.buttons]]
        id = "larger"
        title = "Larger text"
        text_size = "accessibility2"
        [[screens.buttons]]
        id = "contrast"
        title = "Contrast"
        contrast = "increased"
        """

    /// Taps the centre of `button` at `ms`.
    func tap(_ host: UIHost, _ button: String, at ms: Int64) throws -> [UIEvent] {
        let center = try #require(host.frame(ofButton: button)).center
        return [TouchPhase.down, .up].enumerated().flatMap { i, phase in
            let t = (ms + Int64(i) * 50) * 1000
            return host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: center.x, y: center.y),
                                                              timestamp: t)], timestamp: t))
        }
    }

    @Test("A screen file starts at its [display] size; its buttons switch the size and contrast, and back")
    func screenFileButtons() throws {
        let file = try ScreenFile(parsing: Self.toml, path: "x.toml")
        #expect(file.display.accessibility == AccessibilityChange(textSize: .xLarge))
        #expect(file.screens[0].buttons[0].accessibility == AccessibilityChange(textSize: .accessibility2))
        let host = file.makeHost(size: Self.size, textEngine: try KioskTextEngine()) { _ in }
        #expect(host.dynamicTypeSize == .xLarge)
        let canvas = try Canvas(width: 800, height: 480)
        host.render(into: canvas)
        _ = try tap(host, "larger", at: 100)
        #expect(host.dynamicTypeSize == .accessibility2)
        host.render(into: canvas)
        _ = try tap(host, "larger", at: 400)
        #expect(host.dynamicTypeSize == .large, "a second tap goes back to the default")
        _ = try tap(host, "contrast", at: 700)
        #expect(host.colorSchemeContrast == .increased)
        _ = try tap(host, "contrast", at: 1000)
        #expect(host.colorSchemeContrast == .standard)
    }

    @Test("Screen-file mistakes name file, line and key, and list the names there are")
    func screenFileMistakes() {
        let button = "[[screens]]\nid = \"a\"\n[[screens.buttons]]\nid = \"b\"\ntitle = \"B\"\n"
        #expect(screenFileError("[display]\ntext_size = \"huge\"\n" + button)
                == "x.toml:2: key \"display.text_size\": \"huge\" is not one of " + Self.textSizes.replacingOccurrences(of: ", ", with: " | "))
        #expect(screenFileError(button + "contrast = \"high\"")
                == "x.toml:6: key \"screens[0].buttons[0].contrast\": \"high\" is not one of standard | increased")
        #expect(screenFileError(button + "text_size = 3")
                == "x.toml:6: key \"screens[0].buttons[0].text_size\": expected a string, got an integer")
    }

    @Test("--text-size and --contrast take the names; a wrong one exits 64 listing them; ctl accessibility needs one")
    func flags() throws {
        let cli = CommandLineTests(), out = "/tmp/kiosk-a11y-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let good = try cli.run(["snapshot", "examples/demo.toml", "--size", "800x480", "--text-size", "accessibility3",
                                "--contrast", "increased", "--out", out])
        #expect(good.status == 0, "\(good.stderr)")
        let size = try cli.run(["snapshot", "examples/demo.toml", "--text-size", "huge", "--out", out])
        #expect(size.status == 64)
        #expect(size.stderr.hasPrefix("kiosk: --text-size: \"huge\" is not a text size (one of \(Self.textSizes))"), "\(size.stderr)")
        let contrast = try cli.run(["simulate", "examples/demo.toml", "--touches", "x.touch", "--contrast", "high"])
        #expect(contrast.status == 64)
        #expect(contrast.stderr.hasPrefix("kiosk: --contrast: \"high\" is not a contrast (one of standard, increased)"), "\(contrast.stderr)")
        let empty = try cli.run(["ctl", "accessibility"])
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("kiosk: give --text-size, --contrast, --explore or several"), "\(empty.stderr)")
    }

    /// The demo file at 800x480 with the rectangles its texts were drawn in.
    func render(_ change: AccessibilityChange, screen: String = "main") throws -> (UIHost, Canvas, DrawnTexts) {
        let engine = DrawnTexts(try KioskTextEngine())
        let host = try ScreenFile(contentsOf: repositoryRoot + "/examples/demo.toml").makeHost(size: Self.size, textEngine: engine) { _ in }
        change.apply(to: host)
        host.show(screen: screen)
        let canvas = try Canvas(width: 800, height: 480)
        host.render(into: canvas)
        return (host, canvas, engine)
    }

    @Test("The demo at accessibility3 and with increased contrast keeps every label inside its button",
          arguments: [("accessibility3", AccessibilityChange(textSize: .accessibility3)),
                      ("increased-contrast", AccessibilityChange(contrast: .increased))])
    func demoLooks(name: String, change: AccessibilityChange) throws {
        for screen in ["main", "settings"] {
            let (host, canvas, engine) = try render(change, screen: screen)
            try GoldenImage.check(canvas, named: "demo-\(name)-\(screen)-800x480")
            try engine.expectEachInsideItsButton(on: host, "\(name) \(screen)")
        }
    }

    @Test("Switching the demo to larger text draws what a fresh start at that size draws")
    func switchMatchesFreshStart() throws {
        let (host, canvas, _) = try render(AccessibilityChange())
        let plus = try #require(host.frame(ofButton: "plus"))
        AccessibilityChange(textSize: .accessibility3).apply(to: host)
        let damage = host.render(into: canvas)
        #expect(!damage.contains(x: Int(plus.center.x), y: Int(plus.center.y)), "the + has a fixed size: \(damage)")
        let (_, fresh, _) = try render(AccessibilityChange(textSize: .accessibility3))
        #expect(try canvas.pngData() == fresh.pngData())
    }
}
