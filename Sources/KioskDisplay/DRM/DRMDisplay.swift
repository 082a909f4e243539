import CDRM
import CKioskShim
import KioskGraphics
#if canImport(Glibc)
import Glibc
#endif

/// The panel, driven through DRM/KMS with two dumb buffers. The UI draws into `canvas`
/// (a shadow buffer in UI orientation); `present` copies each buffer's missing damage
/// (buffer age) into it, turned to the panel's orientation and converted to the scanout
/// format, then flips to it. One modeset, then page flips whose completion arrives as an
/// event on `fileDescriptor`: no frame is prepared while a flip is pending, a refused flip
/// keeps its damage, and nothing is copied or flipped when nothing changed.
public final class DRMDisplay: Display {
    public let device: any DRMCard
    public private(set) var connector: Connector
    public let mode: Mode
    public let crtcID: UInt32
    public let format: PixelFormat
    /// How the UI is turned on the panel.
    public let rotation: ScreenRotation
    public let canvas: Canvas

    private let framebuffers: [any ScanoutBuffer]
    private var history: DamageHistory
    /// The buffer on screen (or about to be, while a flip is pending).
    private var front = 0
    private var needsModeset = true
    /// False while switched away to another VT (not master) or while the panel is unplugged.
    private var hasMaster = true
    public private(set) var isFlipPending = false
    /// A flip was refused (EBUSY), or the master was taken; its damage is kept and `present`
    /// should be called again after `retryDelay`.
    private var needsRetry = false
    /// Another process took DRM master while we held it (a flip or modeset refused with
    /// EACCES or EPERM): frames wait, and each retry tries to take the master back.
    public private(set) var isTakenByAnotherProcess = false
    /// A busy flip clears within a frame, a taken master when its holder lets go.
    public var retryDelay: Microseconds? {
        guard needsRetry else { return nil }
        return isTakenByAnotherProcess ? 500_000 : 16_000
    }
    private let savedCRTC: CRTCState?

    /// Frames that reached the screen, and when the last one did (CLOCK_MONOTONIC µs, the
    /// clock of libinput's timestamps: touch-to-flip latency is a subtraction).
    public private(set) var shownFrames = 0
    public private(set) var lastShownTime: Int64 = 0

    public init(device: any DRMCard, connector: Connector, mode: Mode, crtcID: UInt32, format: PixelFormat,
                rotation: ScreenRotation = .none) throws(DisplayError) {
        self.device = device
        self.connector = connector
        self.mode = mode
        self.crtcID = crtcID
        self.format = format
        self.rotation = rotation
        let (uiWidth, uiHeight) = rotation.swapsAxes ? (mode.height, mode.width) : (mode.width, mode.height)
        do {
            canvas = try Canvas(width: uiWidth, height: uiHeight, format: .xrgb8888)
        } catch {
            throw DisplayError("allocate the \(uiWidth)x\(uiHeight) shadow canvas", reason: "\(error)")
        }
        framebuffers = try (0..<2).map { _ throws(DisplayError) in
            try device.makeScanoutBuffer(width: mode.width, height: mode.height, format: format)
        }
        history = DamageHistory(bufferCount: framebuffers.count, bounds: canvas.bounds)
        savedCRTC = device.crtcState(crtcID)
    }

    deinit { restore() }

    public var size: Size { canvas.size }
    public var panelSize: (width: Int, height: Int) { (mode.width, mode.height) }
    public var fileDescriptor: Int32 { device.fileDescriptor }
    public var flips: FlipCount? { FlipCount(shown: shownFrames, lastShownTime: lastShownTime, isPending: isFlipPending) }
    public var drivesConsole: Bool { true }
    public var firstFrameDescription: String? {
        tookOverWithoutModeset ? "page flip in the console's mode (no modeset)" : "modeset"
    }
    /// The panel can take a frame now: connected, ours (DRM master) and no flip pending.
    public var isReadyForFrame: Bool { isActive && !isFlipPending }
    public var isActive: Bool { hasMaster && connector.status == .connected }

    /// Adds `damage` and, if a frame may go out now, brings the back buffer up to date and
    /// flips to it (the first frame, and the first after a VT switch or replug, modesets).
    public func present(damage: Region) throws {
        history.add(damage)
        try flush()
    }

    private func flush() throws(DisplayError) {
        needsRetry = false
        if isTakenByAnotherProcess {
            do {
                try device.takeMaster()
            } catch {
                needsRetry = true
                return
            }
            isTakenByAnotherProcess = false
            regainMaster()
        }
        guard isReadyForFrame else { return }
        // The screen lacks nothing when the front buffer is current: the back buffer's own
        // staleness (last frame's damage) is no reason to flip.
        guard needsModeset || !history.isCurrent(front) else { return }
        let target = needsModeset ? front : 1 - front
        let region = history.take(for: target)
        let buffer = framebuffers[target]
        for r in region.rects { buffer.canvas.copy(from: canvas, rect: r, quarterTurns: rotation.quarterTurns) }
        if needsModeset, shownFrames == 0, takeOverByFlip(to: buffer) {
            needsModeset = false
            registerEmergencyRestore()
            isFlipPending = true
            return
        }
        if needsModeset {
            do {
                try device.setCRTC(crtcID, framebufferID: buffer.id, connectorID: connector.id, mode: mode.info)
            } catch where Self.isNotMaster(error) {
                masterTaken(keeping: region, of: target)
                return
            }
            needsModeset = false
            registerEmergencyRestore()
            frameShown(at: MonotonicClock.now())
            return
        }
        do {
            try device.pageFlip(crtcID, framebufferID: buffer.id)
        } catch where error.code == EBUSY {
            history.giveBack(region, to: target)
            needsRetry = true
            return
        } catch where Self.isNotMaster(error) {
            masterTaken(keeping: region, of: target)
            return
        }
        front = target
        isFlipPending = true
    }

    /// True when the first frame replaced the boot console's picture with a page flip in
    /// the mode it already had: no modeset, so no blank flash between console and UI.
    public private(set) var tookOverWithoutModeset = false

    /// Flips to the first frame when the CRTC already scans out `mode` (the console's
    /// framebuffer); false (nothing done) when it does not, or the driver refuses the flip
    /// (another pixel format), and a modeset follows.
    private func takeOverByFlip(to buffer: any ScanoutBuffer) -> Bool {
        guard let saved = savedCRTC, saved.framebufferID != 0, let current = saved.mode,
              Self.sameTiming(current, mode.info) else { return false }
        do {
            try device.pageFlip(crtcID, framebufferID: buffer.id)
        } catch {
            return false
        }
        tookOverWithoutModeset = true
        return true
    }

    private static func sameTiming(_ a: drmModeModeInfo, _ b: drmModeModeInfo) -> Bool {
        a.clock == b.clock && a.hdisplay == b.hdisplay && a.vdisplay == b.vdisplay && a.htotal == b.htotal
            && a.vtotal == b.vtotal && a.hsync_start == b.hsync_start && a.vsync_start == b.vsync_start && a.flags == b.flags
    }

    /// Reads the card's events (flip completions); call when `fileDescriptor` is readable.
    public func handleEvents() {
        for time in device.completedFlips() {
            isFlipPending = false
            frameShown(at: time)
        }
    }

    /// Blanks the panel through the connector's DPMS property, which the driver turns into
    /// disabling and re-enabling the CRTC and the panel's power; false when the connector
    /// has no DPMS property or the driver refuses. While it is off no frame should be
    /// presented (a flip on a disabled CRTC fails).
    public func setPowerSaving(_ off: Bool) -> Bool {
        device.setDPMS(connectorID: connector.id, off: off)
    }

    private func frameShown(at time: Int64) {
        shownFrames += 1
        lastShownTime = time
    }

    // MARK: Losing the master, VT switching and hotplug

    private static func isNotMaster(_ error: DisplayError) -> Bool { error.code == EACCES || error.code == EPERM }

    private func masterTaken(keeping region: Region, of target: Int) {
        history.giveBack(region, to: target)
        hasMaster = false
        isTakenByAnotherProcess = true
        needsRetry = true
    }

    /// Master again: the other process may have changed the CRTC, so modeset and redraw
    /// every buffer whole.
    private func regainMaster() {
        hasMaster = true
        isFlipPending = false
        needsModeset = true
        history.invalidateAll()
    }

    /// Switched away to another VT: give up DRM master so the other VT's owner can modeset.
    public func suspend() throws(DisplayError) {
        // The VT's owner decides now; retries must not take the master back behind it.
        isTakenByAnotherProcess = false
        needsRetry = false
        guard hasMaster else { return }
        hasMaster = false
        try device.dropMaster()
    }

    /// Switched back: take master again, modeset, and redraw every buffer whole.
    public func resume() throws(DisplayError) {
        guard !hasMaster else { return }
        try device.takeMaster()
        regainMaster()
        try flush()
    }

    /// Probes the connector again after a hotplug event. Returns true when it changed state:
    /// gone (frames wait) or back (a modeset and a whole redraw follow, in the same mode).
    @discardableResult
    public func reprobe() throws(DisplayError) -> Bool {
        let probed = device.connector(id: connector.id)
        let connected = probed?.isUsable == true
        let wasConnected = connector.status == .connected
        guard connected != wasConnected else { return false }
        if let probed, connected {
            guard probed.modes.contains(where: { $0.width == mode.width && $0.height == mode.height }) else {
                throw DisplayError("connector \(connector.name) came back", reason: "without a \(mode.width)x\(mode.height) mode; "
                                   + "it offers \(probed.modes.map(\.description).joined(separator: ", "))")
            }
            connector = probed
            isFlipPending = false
            needsModeset = true
            history.invalidateAll()
            try flush()
        } else {
            connector.status = .disconnected
        }
        return true
    }

    public func handleHotplug() throws -> String? {
        guard try reprobe() else { return nil }
        return "connector \(connector.name) " + (isActive ? "connected; repainting" : "disconnected; waiting")
    }

    // MARK: Restoring

    private func registerEmergencyRestore() {
        guard let saved = savedCRTC else { return }
        if var info = saved.mode {
            kiosk_emergency_set_display(device.fileDescriptor, crtcID, saved.framebufferID, saved.x, saved.y,
                                        connector.id, &info, 1)
        } else {
            kiosk_emergency_set_display(device.fileDescriptor, crtcID, 0, 0, 0, connector.id, nil, 0)
        }
    }

    /// Puts back what the CRTC showed before (the console), or turns it off; safe to call twice.
    public func restore() {
        guard hasMaster, !needsModeset else { return }
        needsModeset = true
        kiosk_emergency_set_display(-1, 0, 0, 0, 0, 0, nil, 0)
        if let saved = savedCRTC, saved.framebufferID != 0, let info = saved.mode {
            try? device.setCRTC(crtcID, framebufferID: saved.framebufferID, x: saved.x, y: saved.y,
                                connectorID: connector.id, mode: info)
        } else {
            try? device.setCRTC(crtcID, framebufferID: 0, connectorID: connector.id, mode: nil)
        }
    }
}
