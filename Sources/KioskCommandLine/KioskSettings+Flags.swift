import KioskInput
import KioskRuntime
import KioskScreenFiles

extension KioskSettings.Flags {
    /// What a kiosk command's flags say (checked when they were parsed).
    public init(display: DisplayOptions, input: InputOptions, operations: OperationsOptions,
                size: (width: Int, height: Int)? = nil) {
        self.init(connector: display.connector, mode: display.mode, format: display.format, rotation: display.rotation,
                  calibration: input.calibration.flatMap { try? CalibrationMatrix(parsing: $0) },
                  idleSeconds: operations.idleSeconds,
                  blankSchedule: operations.blankSchedule.flatMap { try? BlankSchedule(parsing: $0) },
                  backlight: operations.backlight, size: size, driver: display.driver, modules: display.modules)
    }
}
