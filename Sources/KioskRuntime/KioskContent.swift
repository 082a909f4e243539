import KioskDisplay
import KioskViews

/// What a launched kiosk shows.
public enum KioskContent {
    /// A UI made at the display's size with the operations at hand (button actions, control
    /// values), shown with the event log, the control socket and idle blanking. `buttons`
    /// are those the socket's `set` may change: a screen file's; nil for a Swift kiosk,
    /// whose buttons are its own views.
    case host(buttons: Set<String>?, make: (Size, KioskOperations) throws -> UIHost)
    /// A scene of its own at the display's size: the panel's test pattern.
    case scene((Size) -> KioskScene)
    /// A UI read from files, shown as `host` is, and read again with `reload` whenever they
    /// change (`kiosk run --watch`); a reload that fails leaves the last good UI up with
    /// its error over it.
    case watched(HostFiles, reload: () throws -> HostFiles)
}

/// A UI as read from its files (a screen file, its icons and images).
public struct HostFiles {
    /// Every file it was read from: a change to any of them reloads it.
    public var paths: [String]
    /// The buttons the control socket's `set` may change.
    public var buttons: Set<String>?
    /// Makes the UI at a size with the operations at hand, showing a screen first (nil:
    /// the first; an id it lacks shows the first too).
    public var make: (Size, KioskOperations, String?) throws -> UIHost

    public init(paths: [String], buttons: Set<String>?, make: @escaping (Size, KioskOperations, String?) throws -> UIHost) {
        self.paths = paths
        self.buttons = buttons
        self.make = make
    }
}

/// What a headless kiosk leaves behind, for a command that writes PNGs.
public struct HeadlessOutput {
    /// Done instead of running when nothing would drive the kiosk: no touch script and no
    /// control socket given.
    public var renderAlone: () throws -> Void
    /// Done with the display after the run: its last frame.
    public var lastFrame: (HeadlessDisplay) throws -> Void

    public init(renderAlone: @escaping () throws -> Void, lastFrame: @escaping (HeadlessDisplay) throws -> Void) {
        self.renderAlone = renderAlone
        self.lastFrame = lastFrame
    }
}
