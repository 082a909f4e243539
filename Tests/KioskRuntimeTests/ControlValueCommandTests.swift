import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk ctl set ID --value V` and `kiosk ctl get ID` against a running coffee kiosk.
@Suite("kiosk ctl set --value and get")
struct ControlValueCommandTests {
    static let kiosk = KioskProcess.path

    func ctl(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try KioskProcess.run(["ctl"] + arguments)
    }

    @Test("A value set from the shell is read back; a wrong one exits 1 with the kiosk's reason")
    func setAndGet() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kiosk), "build kiosk first (swift build --build-tests)")
        let socket = "/tmp/kiosk-values-\(getpid()).sock", script = "/tmp/kiosk-values-\(getpid()).touch"
        let out = "/tmp/kiosk-values-\(getpid())"
        defer { unlink(socket); unlink(script); try? FileManager.default.removeItem(atPath: out) }
        try "60000 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let kiosk = Process()
        kiosk.executableURL = URL(fileURLWithPath: Self.kiosk)
        kiosk.arguments = ["run", "examples/coffee.toml", "--display", "headless", "--out", out, "--control", socket, "--touch-script", script]
        kiosk.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        kiosk.standardOutput = FileHandle.nullDevice
        let messages = Pipe()
        kiosk.standardError = messages
        try kiosk.run()
        defer {
            kiosk.terminate()
            kiosk.waitUntilExit()
        }
        // The kiosk says when its socket listens; its messages end if it dies first.
        var said = ""
        while !said.contains("control: listening on") {
            let more = messages.fileHandleForReading.availableData
            try #require(!more.isEmpty, "the kiosk ended before its socket listened: \(said)")
            said += String(decoding: more, as: UTF8.self)
        }
        let set = try ctl(["set", "sugar", "--value", "1.5", "--socket", socket])
        #expect(set.status == 0 && set.stdout == #"{"ok":true,"control":"sugar","value":1.5}"# + "\n", "\(set)")
        let get = try ctl(["get", "sugar", "--socket", socket])
        #expect(get.stdout == #"{"ok":true,"control":"sugar","value":1.5}"# + "\n", "\(get)")
        let size = try ctl(["set", "size", "--value", "Large", "--socket", socket])
        #expect(size.stdout == #"{"ok":true,"control":"size","value":"Large"}"# + "\n", "\(size)")
        let wrong = try ctl(["set", "oat_milk", "--value", "2", "--socket", socket])
        #expect(wrong.status == 1 && wrong.stdout == #"{"ok":false,"error":"\"oat_milk\" takes true or false, got 2"}"# + "\n", "\(wrong)")
        let unknown = try ctl(["get", "volume", "--socket", socket])
        #expect(unknown.status == 1 && unknown.stdout.hasPrefix(#"{"ok":false,"error":"unknown control \"volume\""#), "\(unknown)")
    }

    @Test("--value sets a control and cannot be mixed with a button's changes")
    func valueWithTitle() throws {
        let result = try ctl(["set", "sugar", "--value", "1", "--title", "x", "--socket", "/tmp/none.sock"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("kiosk: --value sets a control; --title, --title-runs, --disabled and --hidden change a button"),
                "\(result.stderr)")
    }
}
