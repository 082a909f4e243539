import ArgumentParser
import KioskRuntime

/// `kiosk restore-console` (and a product app's): the console put back after the kiosk,
/// however it ended. The kiosk restores its VT itself on every way out it can see (return,
/// SIGTERM, a crash), but no process sees its own SIGKILL; the service runs this as root
/// after every stop so a killed kiosk never leaves the panel on a dead graphics VT with the
/// keyboard off.
public struct RestoreConsoleCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "restore-console",
        abstract: "Put a VT back in text mode with its keyboard on and switching automatic (for ExecStopPost)."
    )

    @Argument(help: "The VT to restore.")
    var tty = "/dev/tty1"

    public init() {}

    public func run() throws {
        let wrong = try VirtualTerminal.reset(path: tty)
        if !wrong.isEmpty { printError("restore-console: \(wrong); restored") }
    }
}
