import Foundation
import Testing

/// The built `kiosk` binary, run as a user runs it.
enum KioskProcess {
    /// The `kiosk` built beside this test bundle, so a build in another scratch path
    /// (`swift build --scratch-path`) tests its own binary.
    static let path: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The bundle is a directory (`….xctest/`) on some toolchains, a file on others.
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("kiosk").path
    }()

    /// The example product's executable (`Examples/DemoKiosk`, a `KioskApp`), built beside it.
    static let demoKioskPath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("demo-kiosk").path

    /// Runs `kiosk ARGUMENTS` (or another built `executable`) in `directory` with
    /// `environment` added, to its end; its exit status and everything it printed. With a
    /// `timeout` (seconds), one still running then is killed and the test fails: for input
    /// that could make it block for ever.
    static func run(_ arguments: [String], executable: String = path, in directory: String = repositoryRoot,
                    environment: [String: String] = [:], timeout: Double? = nil,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: Int32, stdout: String, stderr: String) {
        try #require(FileManager.default.isExecutableFile(atPath: executable), "build \(executable) first (swift build --build-tests)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer) }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        if let timeout, process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
            Issue.record("\(arguments.joined(separator: " ")) did not finish within \(timeout) s", sourceLocation: sourceLocation)
        }
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
