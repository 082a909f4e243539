import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCommandLine

/// The `kiosk` command: runs, snapshots, simulates and measures KioskUI screens.
@main
struct Kiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "A touch kiosk on DRM/KMS with no display server.",
        discussion: """
            Errors are one line on stderr starting with "kiosk:" (a usage error adds the command's usage).

            EXIT STATUS
              0    done (kiosk run also when stopped by SIGTERM, SIGINT or SIGHUP)
              1    failed: a bad screen file, touch script or board profile, no usable display or input,
                   an error reply from the kiosk (kiosk ctl), calibration not finished
              64   wrong flags or arguments
            """,
        subcommands: [
            BenchCommand.self,
            Devices.self,
            Touch.self,
            Headphones.self,
            Replay.self,
            SnapshotCommand.self, SimulateCommand.self, GalleryCommand.self, RunCommand.self, CtlCommand.self,
            CalibrateCommand.self, RestoreConsoleCommand.self, InitCommand.self,
            TextCommand.self,
        ]
    )

    /// Parses and runs a subcommand; every failure ends as `CommandFailure` says.
    static func main() {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            CommandFailure.exit(with: error, usage: true)
        }
        do {
            try command.run()
        } catch {
            CommandFailure.exit(with: error, usage: false)
        }
    }
}
