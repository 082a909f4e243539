/// Everything a kiosk starts with: the devices, the settings resolved from the flags, the
/// screen file and the board profile, and the operations.
public struct LaunchSettings {
    public var configuration: LaunchConfiguration
    public var kiosk: KioskSettings
    public var operations: KioskOperations.Settings

    public init(configuration: LaunchConfiguration, kiosk: KioskSettings, operations: KioskOperations.Settings) {
        self.configuration = configuration
        self.kiosk = kiosk
        self.operations = operations
    }
}
