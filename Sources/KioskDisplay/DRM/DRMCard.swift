import CDRM
import KioskGraphics

/// The calls a `DRMDisplay` makes on its card. `DRMDevice` makes them on a real one; a test
/// stands in for it to refuse a flip (EBUSY), take the master away, unplug the connector or
/// switch VTs, and checks what the display does, without hardware (the virtual boards stay
/// the end-to-end proof).
public protocol DRMCard: AnyObject {
    /// The card's node, for messages (/dev/dri/card0).
    var path: String { get }
    /// Readable when flips have completed (`completedFlips`); what the emergency restore writes to.
    var fileDescriptor: Int32 { get }
    func takeMaster() throws(DisplayError)
    func dropMaster() throws(DisplayError)
    /// One connector, probed now; nil if the card no longer has it.
    func connector(id: UInt32) -> Connector?
    /// What a CRTC shows now, to put back on exit.
    func crtcState(_ crtcID: UInt32) -> CRTCState?
    /// Scans out `framebufferID` on `crtcID` to `connectorID` in `mode`; framebuffer 0 turns
    /// the CRTC off.
    func setCRTC(_ crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32,
                 connectorID: UInt32, mode: drmModeModeInfo?) throws(DisplayError)
    /// Queues a flip to `framebufferID` at the next vblank; EBUSY (a flip is still pending)
    /// is thrown like any other error, for the caller to keep its damage and retry.
    func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws(DisplayError)
    /// Reads the card's events: when each flip completed since the last call (CLOCK_MONOTONIC µs).
    func completedFlips() -> [Microseconds]
    /// A buffer the CRTC can scan out, `width` x `height` in `format`.
    func makeScanoutBuffer(width: Int, height: Int, format: PixelFormat) throws(DisplayError) -> any ScanoutBuffer
    /// Sets the connector's DPMS property (off: 3, on: 0); false when it has none or the
    /// driver refuses.
    func setDPMS(connectorID: UInt32, off: Bool) -> Bool
}

extension DRMCard {
    /// The modeset of a buffer the size of the mode, from its top left corner.
    public func setCRTC(_ crtcID: UInt32, framebufferID: UInt32, connectorID: UInt32,
                        mode: drmModeModeInfo?) throws(DisplayError) {
        try setCRTC(crtcID, framebufferID: framebufferID, x: 0, y: 0, connectorID: connectorID, mode: mode)
    }
}

/// A buffer a CRTC scans out: its id for modesets and flips, and its pixels.
public protocol ScanoutBuffer: AnyObject {
    var id: UInt32 { get }
    var canvas: Canvas { get }
}

/// What a CRTC shows, to put back on exit.
public struct CRTCState: Sendable {
    public var crtcID: UInt32
    public var framebufferID: UInt32
    public var x: UInt32
    public var y: UInt32
    public var mode: drmModeModeInfo?

    public init(crtcID: UInt32, framebufferID: UInt32, x: UInt32 = 0, y: UInt32 = 0, mode: drmModeModeInfo?) {
        self.crtcID = crtcID
        self.framebufferID = framebufferID
        self.x = x
        self.y = y
        self.mode = mode
    }
}
