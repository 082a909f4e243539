import CDRM
import KioskDisplay
import KioskGraphics
#if canImport(Glibc)
import Glibc
#endif

/// A DRM card in memory: records the calls a `DRMDisplay` makes and fails the ones a test
/// asks it to, with the errno a kernel would give.
final class FakeCard: DRMCard {
    final class Buffer: ScanoutBuffer {
        let id: UInt32
        let canvas: Canvas

        init(id: UInt32, canvas: Canvas) {
            self.id = id
            self.canvas = canvas
        }
    }

    let path = "/dev/dri/fake"
    let fileDescriptor: Int32 = -1
    var connectorNow: Connector?
    var shownByConsole: CRTCState?
    /// The errno the next page flip fails with (once), the next take of the master (while set).
    var failNextFlip: Int32?
    var failTakeMaster: Int32?
    private(set) var calls: [String] = []
    private(set) var buffers: [Buffer] = []
    private var pendingFlips: [Microseconds] = []
    private var clock: Microseconds = 0

    init(connector: Connector) {
        connectorNow = connector
    }

    func takeMaster() throws(DisplayError) {
        calls.append("takeMaster")
        if let code = failTakeMaster { throw DisplayError.errno("become DRM master on \(path)", code: code) }
    }

    func dropMaster() throws(DisplayError) { calls.append("dropMaster") }

    func connector(id: UInt32) -> Connector? { connectorNow }

    func crtcState(_ crtcID: UInt32) -> CRTCState? { shownByConsole }

    func setCRTC(_ crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32,
                 connectorID: UInt32, mode: drmModeModeInfo?) throws(DisplayError) {
        calls.append("setCRTC \(framebufferID)")
    }

    func pageFlip(_ crtcID: UInt32, framebufferID: UInt32) throws(DisplayError) {
        if let code = failNextFlip {
            failNextFlip = nil
            calls.append("pageFlip \(framebufferID) refused")
            throw DisplayError.errno("page flip on CRTC \(crtcID)", code: code)
        }
        calls.append("pageFlip \(framebufferID)")
        clock += 16_000
        pendingFlips.append(clock)
    }

    func completedFlips() -> [Microseconds] {
        defer { pendingFlips.removeAll() }
        return pendingFlips
    }

    func makeScanoutBuffer(width: Int, height: Int, format: PixelFormat) throws(DisplayError) -> any ScanoutBuffer {
        do {
            let buffer = Buffer(id: UInt32(buffers.count + 1), canvas: try Canvas(width: width, height: height, format: format))
            buffers.append(buffer)
            return buffer
        } catch {
            throw DisplayError("allocate a scanout buffer", reason: "\(error)")
        }
    }

    func setDPMS(connectorID: UInt32, off: Bool) -> Bool {
        calls.append("dpms \(off ? "off" : "on")")
        return true
    }

    /// The calls since the last time this was asked.
    func takeCalls() -> [String] {
        defer { calls.removeAll() }
        return calls
    }
}
