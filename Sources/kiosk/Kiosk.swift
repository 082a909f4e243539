import ArgumentParser

/// The `kiosk` command: runs, snapshots, simulates and measures KioskUI screens.
@main
struct Kiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "A touch kiosk on DRM/KMS with no display server.",
        subcommands: [
            BenchCommand.self,
            Devices.self,
            Touch.self,
            Replay.self,
            SnapshotCommand.self, SimulateCommand.self, GalleryCommand.self, RunCommand.self, CtlCommand.self,
            CalibrateCommand.self,
            TextCommand.self,
        ]
    )
}
