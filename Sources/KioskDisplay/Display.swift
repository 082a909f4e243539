import KioskGraphics

/// Where frames go: a DRM/KMS output on the device, memory in tests. The UI draws into
/// `canvas` (a shadow buffer in UI orientation that is never scanned out) and then
/// presents the damaged region; the display copies that region out, rotating and
/// converting the format as its output needs.
///
/// Beyond drawing it says what the run loop needs to drive it without knowing which it is:
/// its events' descriptor (page-flip completions), flips shown, a refused present to retry,
/// power saving, giving the output up and taking it back (VT switches), and hotplug.
/// Memory needs none of that, so the defaults are a display that shows every frame at once.
public protocol Display: AnyObject {
    /// The UI's size in pixels, after rotation.
    var size: Size { get }
    /// The panel's size in pixels: the UI's, turned by the rotation.
    var panelSize: (width: Int, height: Int) { get }
    /// The shadow canvas the UI draws into; it keeps its content between frames.
    var canvas: Canvas { get }
    /// False while a presented frame is still pending (a page flip not yet completed);
    /// the run loop draws the next frame only when this is true.
    var isReadyForFrame: Bool { get }
    /// Shows the shadow canvas's pixels inside `damage`; the rest of the screen keeps
    /// what it showed.
    func present(damage: Region) throws
    /// Turns the panel's output off (`true`) or back on, for idle blanking. Returns false
    /// when the output cannot do it (the caller then shows a black frame instead).
    func setPowerSaving(_ off: Bool) -> Bool

    /// Becomes readable when `handleEvents` has work (page flips completed); -1 for none.
    var fileDescriptor: Int32 { get }
    /// Reads the output's events; call when `fileDescriptor` is readable.
    func handleEvents()
    /// The flips that reached the screen; nil for an output that shows a frame the moment
    /// it is presented.
    var flips: FlipCount? { get }
    /// How long to wait before calling `present` again when the output refused the last
    /// one (a busy flip, the output taken by another process); nil when none was refused.
    var retryDelay: Microseconds? { get }
    /// Another process holds the output; frames wait until it lets go.
    var isTakenByAnotherProcess: Bool { get }
    /// True when the output is the console's panel, so the kiosk takes the VT over.
    var drivesConsole: Bool { get }
    /// How the first frame reached the screen, for the exit summary; nil when that says nothing.
    var firstFrameDescription: String? { get }
    /// Gives the output up (switched away to another VT).
    func suspend() throws
    /// Takes the output back (switched back) and repaints it whole.
    func resume() throws
    /// Looks at the output again after a hotplug event: a line saying what changed, or nil.
    func handleHotplug() throws -> String?
    /// Puts back what the output showed before the kiosk (the console).
    func restore()
}

/// The flips an output has shown, and when the last one was (CLOCK_MONOTONIC µs, the
/// clock of libinput's timestamps: touch-to-flip latency is a subtraction).
public struct FlipCount: Equatable, Sendable {
    public var shown: Int
    public var lastShownTime: Microseconds
    /// A flip is queued and not yet on screen.
    public var isPending: Bool

    public init(shown: Int, lastShownTime: Microseconds, isPending: Bool) {
        self.shown = shown
        self.lastShownTime = lastShownTime
        self.isPending = isPending
    }
}

extension Display {
    /// Memory, and outputs without a power switch, cannot blank themselves.
    public func setPowerSaving(_ off: Bool) -> Bool { false }
    public var fileDescriptor: Int32 { -1 }
    public func handleEvents() {}
    public var flips: FlipCount? { nil }
    public var retryDelay: Microseconds? { nil }
    public var isTakenByAnotherProcess: Bool { false }
    public var drivesConsole: Bool { false }
    public var firstFrameDescription: String? { nil }
    public func suspend() throws {}
    public func resume() throws {}
    public func handleHotplug() throws -> String? { nil }
    public func restore() {}
}
