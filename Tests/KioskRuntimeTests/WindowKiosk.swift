import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A `kiosk` running in a window while a test looks at what it prints and acts on it;
/// `stop()` ends it with SIGTERM.
final class WindowKiosk: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var printed = (stdout: "", stderr: "")

    init(_ arguments: [String], environment: [String: String]) throws {
        try #require(FileManager.default.isExecutableFile(atPath: KioskProcess.path), "build kiosk first (swift build --build-tests)")
        process.executableURL = URL(fileURLWithPath: KioskProcess.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        out.fileHandleForReading.readabilityHandler = { [unowned self] in append($0.availableData, toStandardError: false) }
        err.fileHandleForReading.readabilityHandler = { [unowned self] in append($0.availableData, toStandardError: true) }
        process.standardOutput = out
        process.standardError = err
        try process.run()
    }

    private func append(_ data: Data, toStandardError: Bool) {
        let text = String(decoding: data, as: UTF8.self)
        lock.withLock { if toStandardError { printed.stderr += text } else { printed.stdout += text } }
    }

    var stdout: String { lock.withLock { printed.stdout } }
    var stderr: String { lock.withLock { printed.stderr } }
    var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM and waits (20 s at most, then SIGKILL and a failure) for the exit status.
    @discardableResult
    func stop(sourceLocation: SourceLocation = #_sourceLocation) -> Int32 {
        if process.isRunning { process.terminate() }
        if !waitUntil(seconds: 20, { !self.process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("the kiosk did not end within 20 s of SIGTERM", sourceLocation: sourceLocation)
        }
        process.waitUntilExit()
        (process.standardOutput as? Pipe)?.fileHandleForReading.readabilityHandler = nil
        (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
        return process.terminationStatus
    }
}

/// Checks `condition` until it holds or `seconds` pass; whether it held.
func waitUntil(seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(50_000)
    }
    return try condition()
}
