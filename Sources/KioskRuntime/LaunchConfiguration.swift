import KioskDisplay
import KioskInput

/// How a kiosk starts: which display, which input, the console. `kiosk run` and a
/// `KioskApp` fill it from the same flags, with `KioskSettings` resolved.
public struct LaunchConfiguration: Sendable {
    public enum DisplayChoice: String, Sendable, CaseIterable {
        /// DRM when a card with a panel is there, else headless with a message.
        case auto
        case drm
        case headless
        /// A desktop window (SDL2), with the window's mouse, fingers and keys as input; only
        /// ever chosen by name.
        case window
    }

    public var display: DisplayChoice
    public var drm: DRMOptions
    /// The headless display's size (the DRM mode decides on a panel).
    public var headlessWidth: Int
    public var headlessHeight: Int
    public var rotation: ScreenRotation
    public var input: InputConfiguration
    public var lockVT: Bool

    public init(display: DisplayChoice = .auto, drm: DRMOptions = DRMOptions(), headlessWidth: Int = 1280,
                headlessHeight: Int = 800, rotation: ScreenRotation = .none,
                input: InputConfiguration = InputConfiguration(), lockVT: Bool = false) {
        self.display = display
        self.drm = drm
        self.headlessWidth = headlessWidth
        self.headlessHeight = headlessHeight
        self.rotation = rotation
        self.input = input
        self.lockVT = lockVT
    }
}
