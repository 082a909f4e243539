import Foundation
import KioskScreenFiles
import Testing

/// `kiosk simulate` and `kiosk snapshot` as a tester runs them: the built binary, touch
/// scripts in Scripts/, exact event logs next to them (`NAME.touch` → `NAME.jsonl`).
@Suite("kiosk simulate and snapshot")
struct SimulateTests {
    static let kiosk = KioskProcess.path

    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try KioskProcess.run(arguments)
    }

    static let scripts = ["tap", "drag-out", "repeat", "long-press", "disabled", "swipe", "goto", "second-finger",
                          "goto-with-a-finger-landing", "goto-while-held", "swipe-on-button"]

    @Test("Event logs are exact", arguments: scripts)
    func simulate(name: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kiosk), "build kiosk first (swift build --build-tests)")
        let scripts = repositoryRoot + "/Tests/KioskRuntimeTests/Scripts/"
        let result = try run(["simulate", "examples/demo.toml", "--touches", scripts + name + ".touch"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try String(contentsOfFile: scripts + name + ".jsonl", encoding: .utf8)
        #expect(result.stdout == expected)
    }

    @Test("The coffee kiosk's controls log their values in the simulated event log")
    func coffee() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kiosk), "build kiosk first (swift build --build-tests)")
        let scripts = repositoryRoot + "/Tests/KioskRuntimeTests/Scripts/"
        let result = try run(["simulate", "examples/coffee.toml", "--touches", scripts + "coffee.touch"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try String(contentsOfFile: scripts + "coffee.jsonl", encoding: .utf8)))
    }

    @Test("Explore by touch reads each button slid over and a double tap anywhere triggers the last, once")
    func explore() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kiosk), "build kiosk first (swift build --build-tests)")
        let scripts = repositoryRoot + "/Tests/KioskRuntimeTests/Scripts/"
        let result = try run(["simulate", "examples/demo.toml", "--touches", scripts + "explore.touch", "--accessibility", "explore"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try String(contentsOfFile: scripts + "explore.jsonl", encoding: .utf8)
        #expect(result.stdout == expected)
        // The same touches without the screen reader press and trigger buttons.
        let standard = try run(["simulate", "examples/demo.toml", "--touches", scripts + "explore.touch"])
        #expect(standard.stdout.contains("\"pressed\""))
        #expect(!standard.stdout.contains("speak"))
    }

    @Test("kiosk run in explore mode speaks each element a touch script slides over into a WAV and logs it from t 0")
    func exploreSpeech() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kiosk))
        let dir = NSTemporaryDirectory() + "kiosk-explore-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let wav = dir + "/speech.wav"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let result = try run(["run", "examples/demo.toml", "--display", "headless", "--no-control", "--out", dir,
                              "--touch-script", repositoryRoot + "/Tests/KioskRuntimeTests/Scripts/explore.touch",
                              "--accessibility", "explore", "--speech-out", wav])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try String(contentsOfFile: repositoryRoot + "/Tests/KioskRuntimeTests/Scripts/explore.jsonl", encoding: .utf8)
        #expect(result.stdout == expected, "the same log as the simulation, the switch logged at t 0")
        let data = try Data(contentsOf: URL(fileURLWithPath: wav))
        let samples = data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        // Four utterances of about a second each at 22,050 Hz, and not silence.
        #expect(samples.count > 4 * 10_000)
        #expect(samples.map { abs(Int($0)) }.max() ?? 0 > 5_000)
    }

    @Test("--frames writes a PNG per changed frame")
    func frames() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kiosk))
        let dir = NSTemporaryDirectory() + "kiosk-frames-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try run(["simulate", "examples/demo.toml", "--touches", repositoryRoot + "/Tests/KioskRuntimeTests/Scripts/tap.touch",
                              "--frames", dir])
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files.first == "frame-0000-t0.png")
        // The first frame, the press, the ease in, the release, the ease out: more than a
        // handful, fewer than one per 16.7 ms of the whole script.
        #expect(files.count > 5 && files.count < 40)
    }

    @Test("A script longer than the simulated clock's 24 h is refused before any work, naming the file and line")
    func scriptTooLong() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kiosk))
        let script = NSTemporaryDirectory() + "kiosk-years-\(getpid()).touch"
        defer { try? FileManager.default.removeItem(atPath: script) }
        // A repeat button held for three virtual years.
        try "0 down 0 640 214\n99999999999 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try run(["simulate", "examples/demo.toml", "--touches", script])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "kiosk: \(script):2: time 99999999999 ms is past the 24 h a touch script may last (86400000 ms)\n")
    }

    @Test("A bad screen file: one line on stderr, a non-zero exit, nothing drawn", arguments: ScreenFileTests.badFiles.map(\.0))
    func badFile(name: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kiosk))
        let out = NSTemporaryDirectory() + "kiosk-bad-\(name)-\(getpid()).png"
        let result = try run(["snapshot", "Tests/KioskRuntimeTests/BadFiles/\(name).toml", "--out", out])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("kiosk: Tests/KioskRuntimeTests/BadFiles/\(name).toml:"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("snapshot --touches --at captures a press mid-animation")
    func snapshotMidPress() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kiosk))
        let idle = NSTemporaryDirectory() + "kiosk-idle-\(getpid()).png", pressed = NSTemporaryDirectory() + "kiosk-pressed-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: idle); try? FileManager.default.removeItem(atPath: pressed) }
        #expect(try run(["snapshot", "examples/demo.toml", "--out", idle]).status == 0)
        #expect(try run(["snapshot", "examples/demo.toml", "--out", pressed, "--touches",
                         repositoryRoot + "/Tests/KioskRuntimeTests/Scripts/repeat.touch", "--at", "60"]).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: idle)), b = try Data(contentsOf: URL(fileURLWithPath: pressed))
        #expect(!a.isEmpty && a != b)
    }
}
