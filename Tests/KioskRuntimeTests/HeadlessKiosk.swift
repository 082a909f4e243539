import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk run FILE --display headless` with a control socket, for as long as a test talks
/// to it: started, and ready once it says its socket listens.
final class HeadlessKiosk {
    let socket: String
    private let process = Process()
    private let out: String
    /// Made for this kiosk (and removed with it) unless the test gave its own.
    private let ownsFiles: Bool

    /// `arguments` are added to `run`'s; the socket and the frames go into `directory` when
    /// given (a relative `ctl snapshot` lands beside the socket), else into /tmp.
    init(screenFile: String, arguments: [String] = [], in directory: String? = nil) throws {
        let base = directory.map { $0 + "/kiosk" } ?? "/tmp/kiosk-headless-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socket = base + ".sock"
        out = base + "-frames"
        ownsFiles = directory == nil
        try #require(FileManager.default.isExecutableFile(atPath: KioskProcess.path), "build kiosk first (swift build --build-tests)")
        process.executableURL = URL(fileURLWithPath: KioskProcess.path)
        process.arguments = ["run", screenFile, "--display", "headless", "--out", out, "--control", socket, "--no-input"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        process.standardOutput = FileHandle.nullDevice
        let messages = Pipe()
        process.standardError = messages
        try process.run()
        // The kiosk says when its socket listens; its messages end if it dies first.
        var said = ""
        while !said.contains("control: listening on") {
            let more = messages.fileHandleForReading.availableData
            if more.isEmpty {
                stop()
                throw KioskEnded(messages: said)
            }
            said += String(decoding: more, as: UTF8.self)
        }
    }

    struct KioskEnded: Error, CustomStringConvertible {
        let messages: String
        var description: String { "the kiosk ended before its socket listened: \(messages)" }
    }

    func connect() throws -> ControlClient { try ControlClient(path: socket) }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        guard ownsFiles else { return }
        unlink(socket)
        try? FileManager.default.removeItem(atPath: out)
    }
}
