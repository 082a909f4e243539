import Glibc
import ArgumentParser
import KioskCommandLine
import KioskCore
import FoundationEssentials

/// How `kiosk` ends on an error, whichever command and layer it came from: one line on
/// stderr starting with `kiosk:` (for wrong flags or arguments, followed by the command's
/// usage) and the exit status `kiosk --help` lists: 1 for a failure, 64 for a usage error.
/// `--help` and `--version` print as ArgumentParser does and exit 0.
enum CommandFailure {
    static func exit(with error: Error, usage: Bool) -> Never {
        let code = Kiosk.exitCode(for: error)
        if code == .success { Kiosk.exit(withError: error) }
        let message = Self.trimmed(Kiosk.message(for: error))
        if !message.isEmpty { printError(message) }
        // The usage after the message is ArgumentParser's own text, lines and all; only the
        // message echoes what was typed, and printError escapes it.
        let full = Self.trimmed(Kiosk.fullMessage(for: error))
        if usage, full.hasPrefix(message) {
            let rest = full.dropFirst(message.count).drop { $0 == "\n" }
            if !rest.isEmpty { StandardStream.error.write(rest + "\n") }
        }
        Glibc.exit(code.rawValue)
    }

    /// ArgumentParser's text without its "Error: " and its last line end.
    private static func trimmed(_ text: String) -> String {
        var text = Substring(text)
        if text.hasPrefix("Error: ") { text = text.dropFirst("Error: ".count) }
        while text.hasSuffix("\n") { text = text.dropLast() }
        return String(text)
    }
}
