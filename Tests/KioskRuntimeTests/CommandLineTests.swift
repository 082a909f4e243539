import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The `kiosk` binary's messages and exit statuses, as a user meets them: every error one
/// line starting `kiosk:`, the flags it names exist, the statuses `kiosk --help` lists.
@Suite("kiosk's messages and exit statuses")
struct CommandLineTests {
    static let kiosk = KioskProcess.path

    func run(_ arguments: [String], in directory: String = repositoryRoot,
             environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        try KioskProcess.run(arguments, in: directory, environment: environment)
    }

    /// A one-button screen file titled `title`, in a fresh temporary directory.
    func screen(titled title: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("screen.toml").path
        try "[[screens]]\nid = \"main\"\n[[screens.buttons]]\nid = \"b\"\ntitle = \"\(title)\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("Without a display, run writes each screen as snapshot draws it, not mid-way through a screen change")
    func headlessScreens() throws {
        let path = try screen(titled: "Main")
        try "[[screens]]\nid = \"main\"\n[[screens.buttons]]\nid = \"b\"\ntitle = \"Main\"\ngoto = \"second\"\n[[screens]]\nid = \"second\"\n[[screens.buttons]]\nid = \"c\"\ntitle = \"Second\"\nstyle = \"borderedProminent\"\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let out = path + ".out"
        let ran = try run(["run", path, "--display", "headless", "--out", out])
        #expect(ran.status == 0, "\(ran.stderr)")
        for screen in ["main", "second"] {
            let snapshot = try run(["snapshot", path, "--screen", screen, "--out", "\(out)/\(screen)-snapshot.png"])
            #expect(snapshot.status == 0, "\(snapshot.stderr)")
            let written = FileManager.default.contents(atPath: "\(out)/\(screen).png")
            #expect(written != nil && written == FileManager.default.contents(atPath: "\(out)/\(screen)-snapshot.png"), "\(screen)")
        }
    }

    @Test("A title no font draws stops snapshot with the character and where fonts were looked for")
    func uncoveredTitle() throws {
        let path = try screen(titled: "Exit 𓀀")
        let out = path + ".png"
        let refused = try run(["snapshot", path, "--out", out])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("button \"b\" on screen \"main\": no font draws \"𓀀\" (U+13000)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("looked for in \(repositoryRoot)/fonts"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let allowed = try run(["snapshot", path, "--out", out, "--allow-missing-fonts"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.contains("no font draws"))
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("A label no font draws stops snapshot too, named by its text")
    func uncoveredLabel() throws {
        let path = try screen(titled: "Exit")
        try "[[screens]]\nid = \"main\"\n[[screens.items]]\nkind = \"stack\"\n[[screens.items.items]]\nkind = \"label\"\ntext = \"Hi 𓀀\"\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try run(["snapshot", path, "--out", path + ".png"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("label \"Hi 𓀀\" on screen \"main\": no font draws \"𓀀\" (U+13000)"), "\(refused.stderr)")
    }

    @Test("A font directory that does not exist is an error, unless allowed; the bundled fonts then draw")
    func missingFontDirectory() throws {
        let path = try screen(titled: "Start")
        let refused = try run(["snapshot", path, "--out", path + ".png"], environment: ["KIOSK_FONTS": "/nonexistent/fonts"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("font directory /nonexistent/fonts does not exist"), "\(refused.stderr)")
        let allowed = try run(["snapshot", path, "--out", path + ".png", "--allow-missing-fonts"],
                              environment: ["KIOSK_FONTS": "/nonexistent/fonts"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test("Outside the repository the binary still finds the bundled Thai and CJK faces")
    func fontsFoundFromElsewhere() throws {
        let path = try screen(titled: "ปุ่ม 按钮 שלום مرحبا")
        let result = try run(["snapshot", path, "--out", path + ".png"], in: "/")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("text --explain names the face that drew each stretch of each line")
    func explain() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-explain-\(UUID().uuidString).png").path
        let result = try run(["text", "Hi ปุ่ม\\nשלום", "--explain", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.stdout)")
        #expect(lines.first == "line 1 (left to right):")
        #expect(lines.dropFirst().first?.hasPrefix("  \"Hi \": DejaVu Sans (") == true)
        #expect(lines.dropFirst(2).first?.hasPrefix("  \"ปุ่ม\": Loma (") == true)
        #expect(lines.dropFirst(3).first == "line 2 (right to left):")
        #expect(lines.last?.hasPrefix("  \"שלום\": DejaVu Sans (") == true)
    }

    @Test("--help lists the exit statuses")
    func help() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("EXIT STATUS"))
        for line in ["0    done", "1    failed", "64   wrong flags or arguments"] {
            #expect(result.stdout.contains(line), "\(line)")
        }
    }

    static let failures: [([String], Int32)] = [
        (["run", "--rotation", "45", "--display", "headless"], 64),
        (["nonsense"], 64),
        (["snapshot", "examples/demo.toml"], 64),
        (["snapshot", "Tests/KioskRuntimeTests/BadFiles/unknown-key.toml", "--out", "/tmp/kiosk-never.png"], 1),
        (["run", "--display", "drm", "--card", "/nonexistent/card0"], 1),
        (["calibrate", "--display", "drm", "--card", "/nonexistent/card0"], 1),
    ]

    @Test("Errors from parsing, from a command and from a device all start with kiosk: and exit as documented",
          arguments: failures)
    func onePrefix(arguments: [String], status: Int32) throws {
        let result = try run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("kiosk: "), "\(result.stderr)")
        #expect(!result.stderr.contains("Error:"), "\(result.stderr)")
    }

    @Test("A missing screen file or touch script is 'no such file', without a line number")
    func missingFile() throws {
        let snapshot = try run(["snapshot", "nope.toml", "--out", "/tmp/kiosk-never.png"])
        #expect(snapshot.status == 1)
        #expect(snapshot.stderr == "kiosk: nope.toml: no such file\n")
        let simulate = try run(["simulate", "examples/demo.toml", "--touches", "nope.touch"])
        #expect(simulate.stderr == "kiosk: nope.touch: no such file\n")
        let directory = try run(["snapshot", "examples", "--out", "/tmp/kiosk-never.png"])
        #expect(directory.stderr == "kiosk: examples: is a directory\n")
    }

    @Test("kiosk ctl with no kiosk names its own flag, --socket")
    func ctlWithoutKiosk() throws {
        let result = try run(["ctl", "stats", "--socket", "/tmp/kiosk-nobody-\(getpid()).sock"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("kiosk: cannot connect to /tmp/kiosk-nobody-"), "\(result.stderr)")
        #expect(result.stderr.contains("--socket"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("A bad --title-runs says what is wrong with it, with ctl set's usage, not the top level's")
    func badTitleRuns() throws {
        let unknown = try run(["ctl", "set", "tap", "--title-runs", #"[{"text":"A","blink":true}]"#])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix(#"kiosk: --title-runs: title run 0: unknown key "blink""#), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("kiosk ctl set"))
        #expect(!unknown.stderr.contains("<subcommand>"))
        let notJSON = try run(["ctl", "set", "tap", "--title-runs", "[{nope"])
        #expect(notJSON.status == 64)
        #expect(notJSON.stderr.hasPrefix("kiosk: --title-runs is not JSON"), "\(notJSON.stderr)")
    }

    @Test("kiosk devices suggests only flags that exist: kiosk run's --display headless")
    func devicesAdvice() throws {
        let result = try run(["devices", "--no-input"])
        #expect(result.status == 0, "\(result.stderr)")
        let advice = result.stdout.split(separator: "\n").filter { $0.contains("--display headless") }
        #expect(advice.allSatisfy { $0.contains("kiosk run --display headless") }, "\(advice)")
    }

    @Test("calibrate with a touch script that ends early stops with an error saying how far it got")
    func calibrationScriptEndsEarly() throws {
        let script = "/tmp/kiosk-calibrate-\(getpid()).touch"
        defer { unlink(script) }
        try "0 down 0 128 80\n30 up 0\n60 down 0 1152 80\n90 up 0\n150 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try run(["calibrate", "--display", "headless", "--touch-script", script])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("kiosk: calibration not finished: the touch script ended after 2 of 5 targets\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("A headless run of a screen file writes to out/<its name>/; --out still wins")
    func headlessOutput() throws {
        let directory = NSTemporaryDirectory() + "kiosk-out-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "[[screens]]\nid = \"main\"\n[[screens.buttons]]\nid = \"b\"\ntitle = \"B\"\n"
            .write(toFile: directory + "/coffee.toml", atomically: true, encoding: .utf8)
        let named = try run(["run", "coffee.toml", "--display", "headless"], in: directory)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains("wrote out/coffee/main.png"))
        #expect(FileManager.default.fileExists(atPath: directory + "/out/coffee/main.png"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/demo"))
        let given = try run(["run", "coffee.toml", "--display", "headless", "--out", "elsewhere"], in: directory)
        #expect(given.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory + "/elsewhere/main.png"))
    }
}
