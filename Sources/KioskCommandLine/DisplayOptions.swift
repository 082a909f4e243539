import ArgumentParser
import KioskDisplay
import KioskGraphics
import KioskInput
import KioskRuntime

/// The display flags every command that runs a kiosk shares, `kiosk` and a `KioskApp` alike (`@OptionGroup var display: DisplayOptions`).
public struct DisplayOptions: ParsableArguments {
    public init() {}

    @Option(help: "drm, headless, window (a desktop window, the mouse a finger), or auto (DRM when a card with a panel is there, else headless).")
    public var display: String = "auto"

    @Option(help: "The DRM card node, e.g. /dev/dri/card1 (default: the first with a connected panel).")
    public var card: String?

    @Option(help: "The connector by name, e.g. HDMI-A-1, DSI-1, Virtual-1 (default: the first connected).")
    public var connector: String?

    @Option(help: "The mode WxH[@Hz] (default: the panel's preferred mode, else the largest).")
    public var mode: String?

    @Option(help: "The scanout format: XRGB8888 or RGB565 (default: XRGB8888 if the plane has it).")
    public var format: String?

    @Option(help: "Turn the UI clockwise on the panel: 0, 90, 180 or 270 (touch follows).")
    public var rotation: Int?

    @Option(help: "The KMS driver the card must have, e.g. vc4 (default: any card).")
    public var driver: String?

    @Option(name: .customLong("module"), help: "A kernel module the panel needs (repeatable); start-up names those not loaded.")
    public var modules: [String] = []

    @Flag(help: "Lock VT switching (Ctrl+Alt+Fn does nothing) for a locked-down kiosk.")
    public var lockVT = false

    public func validate() throws {
        guard LaunchConfiguration.DisplayChoice(rawValue: display) != nil else {
            throw ValidationError("--display must be drm, headless, window or auto, not '\(display)'")
        }
        if let rotation, ScreenRotation(degrees: rotation) == nil {
            throw ValidationError("--rotation must be 0, 90, 180 or 270, not \(rotation)")
        }
        if let mode {
            do { _ = try ModeRequest(parsing: mode) } catch { throw ValidationError("--mode: \(error)") }
        }
        if let format, PixelFormat(scanoutName: format) == nil {
            throw ValidationError("--format must be XRGB8888 or RGB565, not '\(format)'")
        }
    }

    /// The launch configuration: `settings` (the flags, the screen file and the board
    /// resolved) with what only flags say (the display kind, the card, the VT lock).
    public func configuration(settings: KioskSettings, input: InputConfiguration) throws -> LaunchConfiguration {
        var input = input
        input.calibration = settings.calibration
        return LaunchConfiguration(
            display: LaunchConfiguration.DisplayChoice(rawValue: display) ?? .auto,
            drm: DRMOptions(card: card, connector: settings.connector, mode: try settings.mode.map(ModeRequest.init(parsing:)),
                            format: settings.format.flatMap(PixelFormat.init(scanoutName:)),
                            driver: settings.driver, modules: settings.modules),
            headlessWidth: settings.headlessWidth, headlessHeight: settings.headlessHeight,
            rotation: settings.rotation, input: input, lockVT: lockVT)
    }
}
