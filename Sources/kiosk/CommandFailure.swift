import Glibc
import ArgumentParser
import KioskCommandLine
import FoundationEssentials

/// How `kiosk` ends on an error, whichever command and layer it came from: one line on
/// stderr starting with `kiosk:` (for wrong flags or arguments, followed by the command's
/// usage) and the exit status `kiosk --help` lists: 1 for a failure, 64 for a usage error.
/// `--help` and `--version` print as ArgumentParser does and exit 0.
enum CommandFailure {
    static func exit(with error: Error, usage: Bool) -> Never {
        let code = Kiosk.exitCode(for: error)
        if code == .success { Kiosk.exit(withError: error) }
        var text = usage ? Kiosk.fullMessage(for: error) : Kiosk.message(for: error)
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        if !text.isEmpty { printError(text.hasSuffix("\n") ? String(text.dropLast()) : text) }
        Glibc.exit(code.rawValue)
    }
}
