import KioskBoardProfiles
import KioskDisplay
import KioskInput
import KioskScreenFiles

/// What a kiosk starts with, from its three sources: the flags win over the screen file,
/// the screen file over the board profile. One pure function decides, so `kiosk run`, a
/// `KioskApp` and `kiosk calibrate` cannot differ, and a table of cases tests it.
public struct KioskSettings: Equatable {
    /// What the flags say; nil where a flag is not given.
    public struct Flags: Equatable {
        public var connector: String?
        public var mode: String?
        public var format: String?
        public var rotation: Int?
        public var calibration: CalibrationMatrix?
        public var idleSeconds: Int?
        public var blankSchedule: BlankSchedule?
        public var backlight: String?
        /// The headless UI size (`--size`).
        public var size: (width: Int, height: Int)?
        public var driver: String?
        /// `--module`s; empty when none is given.
        public var modules: [String]

        public init(connector: String? = nil, mode: String? = nil, format: String? = nil, rotation: Int? = nil,
                    calibration: CalibrationMatrix? = nil, idleSeconds: Int? = nil, blankSchedule: BlankSchedule? = nil,
                    backlight: String? = nil, size: (width: Int, height: Int)? = nil, driver: String? = nil, modules: [String] = []) {
            self.driver = driver
            self.modules = modules
            self.connector = connector
            self.mode = mode
            self.format = format
            self.rotation = rotation
            self.calibration = calibration
            self.idleSeconds = idleSeconds
            self.blankSchedule = blankSchedule
            self.backlight = backlight
            self.size = size
        }

        public static func == (a: Flags, b: Flags) -> Bool {
            a.connector == b.connector && a.mode == b.mode && a.format == b.format && a.rotation == b.rotation
                && a.calibration == b.calibration && a.idleSeconds == b.idleSeconds && a.blankSchedule == b.blankSchedule
                && a.backlight == b.backlight && a.size?.width == b.size?.width && a.size?.height == b.size?.height
                && a.driver == b.driver && a.modules == b.modules
        }
    }

    public var connector: String?
    public var mode: String?
    public var format: String?
    public var rotation: ScreenRotation
    public var calibration: CalibrationMatrix
    public var idleSeconds: Int?
    public var blankSchedule: BlankSchedule?
    public var backlight: String?
    public var headlessWidth: Int
    public var headlessHeight: Int
    /// The KMS driver and kernel modules the board's panel needs (the board's alone unless flagged).
    public var driver: String?
    public var modules: [String] = []

    /// The headless size when neither `--size` nor the screen file gives one.
    public static let defaultSize = (width: 1280, height: 800)

    /// Each setting from the first source that has it. A screen file's rotation of 0 is its
    /// default, so the board's rotation stands then; the board has no say in a headless
    /// size. A board's calibration was checked when it was read.
    public static func resolve(flags: Flags, screen: ScreenFile.Display?, board: BoardProfile?) -> KioskSettings {
        let screenRotation = screen.flatMap { $0.rotation == 0 ? nil : $0.rotation }
        return KioskSettings(
            connector: flags.connector ?? board?.connector,
            mode: flags.mode ?? board?.mode,
            format: flags.format ?? board?.format,
            rotation: ScreenRotation(degrees: flags.rotation ?? screenRotation ?? board?.rotation ?? 0) ?? .none,
            calibration: flags.calibration ?? board?.calibration.flatMap { try? CalibrationMatrix($0) } ?? .identity,
            idleSeconds: flags.idleSeconds ?? screen?.idleSeconds ?? board?.idleSeconds,
            blankSchedule: flags.blankSchedule ?? screen?.blankSchedule ?? board?.blankSchedule,
            backlight: flags.backlight ?? screen?.backlight ?? board?.backlight,
            headlessWidth: flags.size?.width ?? screen?.width ?? defaultSize.width,
            headlessHeight: flags.size?.height ?? screen?.height ?? defaultSize.height,
            driver: flags.driver ?? board?.driver,
            modules: flags.modules.isEmpty ? board?.modules ?? [] : flags.modules)
    }
}
