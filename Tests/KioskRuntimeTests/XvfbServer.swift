import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A virtual X server (Xvfb) for the window display's tests, on a display number it picks
/// itself among the free ones (`-displayfd`), stopped by `stop()`.
final class XvfbServer {
    static let path = "/usr/bin/Xvfb"
    /// The X tools the tests drive the window with (x11-apps, xdotool).
    static let xwd = "/usr/bin/xwd", xdotool = "/usr/bin/xdotool"
    static var isInstalled: Bool {
        [path, xwd, xdotool].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `:N`, for $DISPLAY.
    let display: String
    private let process = Process()

    /// Starts a `width` x `height` screen and returns once it accepts clients.
    init(width: Int = 1600, height: Int = 1000) throws {
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        let number = Pipe()
        process.standardOutput = number
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Xvfb writes the display's number once it is ready, or exits (ending the pipe).
        let fd = number.fileHandleForReading.fileDescriptor
        var said = ""
        let deadline = Date().addingTimeInterval(20)
        while !said.hasSuffix("\n") {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard poll(&ready, 1, remaining) > 0 else { break }
            let more = number.fileHandleForReading.availableData
            if more.isEmpty { break }
            said += String(decoding: more, as: UTF8.self)
        }
        guard let n = Int(said.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw XvfbFailed(said: said)
        }
        display = ":\(n)"
    }

    struct XvfbFailed: Error, CustomStringConvertible {
        let said: String
        var description: String { "Xvfb did not say its display within 20 s (it said '\(said)')" }
    }

    /// Runs an X tool on this display to its end (killed after 20 s).
    func run(_ tool: String, _ arguments: [String],
             sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: Int32, stdout: String, stderr: String) {
        try KioskProcess.run(arguments, executable: tool, environment: ["DISPLAY": display], timeout: 20,
                             sourceLocation: sourceLocation)
    }

    /// Kills the server and removes its lock and socket. SIGKILL: started from a test's
    /// thread, Xvfb inherits that thread's blocked signals and would never see a SIGTERM.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let number = display.dropFirst()
        unlink("/tmp/.X\(number)-lock")
        unlink("/tmp/.X11-unix/X\(number)")
    }
}
