// The device layers speak KioskCore's time, rotation and system errors in their API.
@_exported import KioskCore
