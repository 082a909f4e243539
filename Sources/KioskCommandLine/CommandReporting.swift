import ArgumentParser
import KioskBoardProfiles
import KioskCore
import KioskRuntime
import KioskScreenFiles

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

/// One line on stderr, unbuffered, after the program's name: `kiosk: …`. Control
/// characters from whatever the message echoes are escaped (`ErrorText`), so it stays one
/// line and no terminal escape gets through.
public func printError(_ message: String) {
    let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "kiosk"
    StandardStream.error.write("\(program): \(ErrorText.escaped(message))\n")
}

/// One line on stdout, unbuffered: the event log is read live through a pipe.
public func writeLine(_ line: String) {
    StandardStream.output.write(line + "\n")
}
