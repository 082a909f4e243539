// Touch streams in, gesture results out: the touch types and the time they carry are
// KioskCore's, and come with the engine.
@_exported import KioskCore
