import Foundation
import KioskCore
import KioskGraphics
import KioskRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk run FILE --watch` and `kiosk snapshot FILE --watch` as someone editing the file
/// runs them: saves are made as editors make them (a temporary file renamed over the old
/// one, a write in place, a delete), and every wait is for something the kiosk says, with
/// a deadline.
@Suite(.serialized) struct LiveReloadTests {
    /// Two screens: a button and a toggle on the second.
    static func screenFile(title: String, width: String = "640") -> String {
        """
        [display]
        width = \(width)
        height = 400

        [[screens]]
        id = "main"
        [[screens.buttons]]
        id = "next"
        title = "Next"
        goto = "second"

        [[screens]]
        id = "second"
        [[screens.items]]
        kind = "button"
        id = "hello"
        title = "\(title)"
        [[screens.items]]
        kind = "toggle"
        id = "milk"
        title = "Milk"
        on = false

        """
    }

    static let bannerRed: UInt32 = 0xFFB3_261E

    @Test func aBrokenSaveKeepsTheUIUnderItsErrorAndAGoodOneShowsTheNewUIOnTheSameScreen() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/kiosk.toml"
        try save(Self.screenFile(title: "Hello"), to: file)
        let kiosk = try WatchingKiosk(["run", file, "--watch", "--display", "headless", "--out", directory.path + "/frames",
                                       "--control", directory.path + "/kiosk.sock", "--touch-script", try directory.endScript()])
        defer { kiosk.stop() }
        try #require(kiosk.waitFor("control: listening on", in: .error), "\(kiosk.stderr)")
        let control = try ControlClient(path: directory.path + "/kiosk.sock")
        #expect(try control.request(#"{"cmd":"screen","screen":"second"}"#).contains(#""ok":true"#))
        #expect(try control.request(#"{"cmd":"set","control":"milk","value":true}"#).contains(#""ok":true"#))

        // A broken save: the error with file, line and key, on stderr, in the event log and
        // over the last good UI.
        try save(Self.screenFile(title: "Hello", width: "\"wide\""), to: file)
        let error = "kiosk.toml:2: key \\\"display.width\\\": expected an integer"
        try #require(kiosk.waitFor(#""event":"reload","error":""#, in: .output), "\(kiosk.stdout)")
        #expect(kiosk.stdout.contains(error), "\(kiosk.stdout)")
        #expect(kiosk.waitFor("not reloaded: " + file + ":2: key \"display.width\"", in: .error), "\(kiosk.stderr)")
        let broken = try snapshot(control, "broken.png", in: directory)
        #expect(broken.argb(x: 2, y: 2) == Self.bannerRed)
        #expect(try control.request(#"{"cmd":"tree"}"#).contains("Hello"), "the last good UI stays")

        // The next good save: the new UI, no banner, the same screen, the toggle still on.
        try save(Self.screenFile(title: "Welcome"), to: file)
        try #require(kiosk.waitFor(#""event":"reload"}"#, in: .output), "\(kiosk.stdout)")
        let tree = try control.request(#"{"cmd":"tree"}"#)
        #expect(tree.contains("Welcome") && tree.contains(#""screen":"second""#), "\(tree)")
        #expect(try control.request(#"{"cmd":"get","control":"milk"}"#).contains(#""value":true"#))
        let good = try snapshot(control, "good.png", in: directory)
        #expect(good.argb(x: 2, y: 2) != Self.bannerRed)

        // A file that disappears is a broken save; written again, it is shown.
        unlink(file)
        #expect(kiosk.waitFor("cannot read the file", in: .output), "\(kiosk.stdout)")
        try save(Self.screenFile(title: "Back again"), to: file, inPlace: true)
        #expect(kiosk.waitFor(#""event":"reload"}"#, in: .output, count: 2), "\(kiosk.stdout)")
        #expect(try control.request(#"{"cmd":"tree"}"#).contains("Back again"))
    }

    @Test func aHundredSavesASecondReloadAFewTimes() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/kiosk.toml"
        try save(Self.screenFile(title: "Save 0"), to: file)
        let kiosk = try WatchingKiosk(["run", file, "--watch", "--display", "headless", "--out", directory.path + "/frames",
                                       "--control", directory.path + "/kiosk.sock", "--touch-script", try directory.endScript()])
        defer { kiosk.stop() }
        try #require(kiosk.waitFor("control: listening on", in: .error), "\(kiosk.stderr)")
        for save in 1...100 {
            try self.save(Self.screenFile(title: "Save \(save)"), to: file, inPlace: save % 2 == 0)
            usleep(10_000)
        }
        // The last save is shown once the saves stop.
        let control = try ControlClient(path: directory.path + "/kiosk.sock")
        #expect(try control.request(#"{"cmd":"screen","screen":"second"}"#).contains(#""ok":true"#))
        let deadline = ContinuousClock.now + .seconds(30)
        while !(try control.request(#"{"cmd":"tree"}"#).contains("Save 100")), ContinuousClock.now < deadline {
            usleep(20_000)
        }
        #expect(try control.request(#"{"cmd":"tree"}"#).contains("Save 100"))
        kiosk.readAvailable()
        let reloads = kiosk.stdout.components(separatedBy: #""event":"reload""#).count - 1
        #expect(reloads >= 1 && reloads <= 25, "\(reloads) reloads for 100 saves")
    }

    @Test func snapshotWatchWritesThePNGOnEachGoodSaveUntilStopped() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/kiosk.toml", png = directory.path + "/kiosk.png"
        try save(Self.screenFile(title: "Hello").replacingOccurrences(of: "height = 400", with: "height = 400\nbackground = \"#FF0000\""),
                 to: file)
        let kiosk = try WatchingKiosk(["snapshot", file, "--out", png, "--watch"])
        defer { kiosk.stop() }
        try #require(kiosk.waitFor("watching", in: .error), "\(kiosk.stderr)")
        #expect(try Canvas(pngFile: png).argb(x: 1, y: 1) == 0xFFFF_0000)

        try save(Self.screenFile(title: "Hello").replacingOccurrences(of: "height = 400", with: "height = 400\nbackground = \"#0000FF\""),
                 to: file)
        try #require(kiosk.waitFor("wrote " + png, in: .error, count: 2), "\(kiosk.stderr)")
        #expect(try Canvas(pngFile: png).argb(x: 1, y: 1) == 0xFF00_00FF)

        try save("[display\n", to: file)
        #expect(kiosk.waitFor("not written: " + file + ":1:", in: .error), "\(kiosk.stderr)")
        #expect(try Canvas(pngFile: png).argb(x: 1, y: 1) == 0xFF00_00FF, "the last good PNG stays")

        kiosk.interrupt()
        #expect(kiosk.waitForExit(), "SIGINT stops it")
        #expect(kiosk.stderr.contains("stopped by signal \(SIGINT)"))
    }

    @Test func theDebounceTurnsSavesInQuickSuccessionIntoFewChanges() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/watched.toml"
        try save("a = 1\n", to: file)
        let clock = ManualClock(1_000_000)
        var changes = 0
        let watch = try FileWatch(clock: clock) { changes += 1 }
        watch.follow([file])
        func deliver() {
            var ready = watch.pollDescriptors
            _ = poll(&ready, 1, 5_000)
            watch.handle(ready)
        }
        // One save in steps, each step before the quiet time passes: one change.
        for step in 0..<3 {
            try save("a = \(step)\n", to: file, inPlace: true)
            deliver()
            clock.advance(by: 50_000)
            watch.advance(to: clock.now())
        }
        #expect(changes == 0)
        clock.advance(by: FileWatch.defaultQuiet)
        watch.advance(to: clock.now())
        #expect(changes == 1)
        #expect(watch.nextDeadline == nil)

        // A save every 10 ms for a second of the clock: one change each `longest`, not one
        // a save, and none left waiting once the saves stop.
        for save in 0..<100 {
            try self.save("a = \(save)\n", to: file)
            deliver()
            clock.advance(by: 10_000)
            watch.advance(to: clock.now())
        }
        clock.advance(by: FileWatch.defaultLongest)
        watch.advance(to: clock.now())
        #expect(changes == 1 + 1_000_000 / Int(FileWatch.defaultLongest), "\(changes)")
        #expect(watch.nextDeadline == nil)

        // A file beside it that is not followed changes nothing.
        try save("b = 1\n", to: directory.path + "/other.toml")
        var ready = watch.pollDescriptors
        if poll(&ready, 1, 200) > 0 { watch.handle(ready) }
        #expect(watch.nextDeadline == nil)
    }

    /// Writes `text` to `path` as an editor saves: into a temporary file renamed over it,
    /// or (`inPlace`) truncated and written again.
    func save(_ text: String, to path: String, inPlace: Bool = false) throws {
        if inPlace {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
        } else {
            let temporary = path + ".tmp"
            try text.write(toFile: temporary, atomically: false, encoding: .utf8)
            try #require(rename(temporary, path) == 0)
        }
    }

    func snapshot(_ control: ControlClient, _ name: String, in directory: TemporaryDirectory) throws -> Canvas {
        let reply = try control.request(#"{"cmd":"snapshot","path":"\#(name)"}"#)
        try #require(reply.contains(#""ok":true"#), "\(reply)")
        return try Canvas(pngFile: directory.path + "/" + name)
    }
}

/// A directory of its own for one test, removed with it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = "/tmp/kiosk-watch-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A touch script that ends the kiosk after two minutes, should a test die before
    /// stopping it.
    func endScript() throws -> String {
        let script = path + "/end.touch"
        try "120000 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        return script
    }
}

/// The built `kiosk` running a watch, its stdout (the event log) and stderr read as it
/// writes them.
final class WatchingKiosk {
    enum Stream { case output, error }

    private let process = Process()
    private let output = Pipe(), errors = Pipe()
    private(set) var stdout = "", stderr = ""

    init(_ arguments: [String]) throws {
        try #require(FileManager.default.isExecutableFile(atPath: KioskProcess.path), "build kiosk first (swift build --build-tests)")
        process.executableURL = URL(fileURLWithPath: KioskProcess.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Reads until `stream` holds `text` `count` times; false when the kiosk ends or `limit`
    /// passes first.
    func waitFor(_ text: String, in stream: Stream, count: Int = 1, within limit: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + limit
        while occurrences(of: text, in: stream) < count {
            let left = deadline - ContinuousClock.now
            guard left > .zero, read(until: deadline) else { return occurrences(of: text, in: stream) >= count }
        }
        return true
    }

    /// Waits for the kiosk to end, at most `limit`, reading what it says meanwhile.
    func waitForExit(within limit: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + limit
        while read(until: deadline) {}
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        return !process.isRunning
    }

    /// Reads what it has written so far.
    func readAvailable() {
        while read(until: .now) {}
    }

    func interrupt() { process.interrupt() }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private func occurrences(of text: String, in stream: Stream) -> Int {
        (stream == .output ? stdout : stderr).components(separatedBy: text).count - 1
    }

    /// Reads what either stream has by `deadline`; false once both are closed or it passed.
    private func read(until deadline: ContinuousClock.Instant) -> Bool {
        var fds = [pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        let left = max(deadline - ContinuousClock.now, .zero)
        guard poll(&fds, 2, Int32((left / .milliseconds(1)).rounded(.up))) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var open = false
        for (index, fd) in fds.enumerated() where fd.revents != 0 {
            let n = Glibc.read(fd.fd, &buffer, buffer.count)
            guard n > 0 else { continue }
            open = true
            let text = String(decoding: buffer[0..<n], as: UTF8.self)
            if index == 0 { stdout += text } else { stderr += text }
        }
        return open
    }
}
