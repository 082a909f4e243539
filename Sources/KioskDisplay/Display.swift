import KioskGraphics

/// Where frames go: a DRM/KMS output on the device, memory in tests. The UI draws into
/// `canvas` (a shadow buffer in UI orientation that is never scanned out) and then
/// presents the damaged region; the display copies that region out, rotating and
/// converting the format as its output needs.
public protocol Display: AnyObject {
    /// The UI's size in pixels, after rotation.
    var size: Size { get }
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
}

extension Display {
    /// Memory, and outputs without a power switch, cannot blank themselves.
    public func setPowerSaving(_ off: Bool) -> Bool { false }
}
