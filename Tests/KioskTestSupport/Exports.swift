// The suites with pixels compare them with the reference-image helper products use.
@_exported import KioskSnapshotTesting
