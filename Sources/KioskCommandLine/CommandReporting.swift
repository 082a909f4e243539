import ArgumentParser
import KioskBoardProfiles
import KioskRuntime
import KioskScreenFiles
#if canImport(Glibc)
import Glibc
#endif

/// A failure reported as one line on stderr with a non-zero exit.
public struct ValidationFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Prints a failure of a file, a flag or a device as one line on stderr and exits with
/// status 1 (each says what is wrong already), for `kiosk` and a `KioskApp` alike.
public func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch where error is ScreenFileError || error is BoardProfileError || error is ValidationFailure || error is LaunchError {
        printError("\(error)")
        throw ExitCode.failure
    }
}

/// One line on stderr, unbuffered, after the program's name: `kiosk: …`.
public func printError(_ message: String) {
    let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "kiosk"
    writeAll("\(program): \(message)\n", to: STDERR_FILENO)
}

/// One line on stdout, unbuffered: the event log is read live through a pipe.
public func writeLine(_ line: String) {
    writeAll(line + "\n", to: STDOUT_FILENO)
}

private func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}
