import CDRM
import KioskGraphics

/// A dumb buffer registered for scanout (drmModeAddFB2) in its pixel format; what a CRTC
/// shows and a page flip switches to. Removed when released.
public final class Framebuffer: ScanoutBuffer {
    public let buffer: DumbBuffer
    public let id: UInt32

    public init(_ buffer: DumbBuffer) throws(DisplayError) {
        let handles: [UInt32] = [buffer.handle, 0, 0, 0]
        let pitches: [UInt32] = [UInt32(buffer.pitch), 0, 0, 0]
        let offsets: [UInt32] = [0, 0, 0, 0]
        var id: UInt32 = 0
        let fd = buffer.device.fileDescriptor
        try retryingEINTR("add a \(buffer.format) framebuffer on \(buffer.device.path)", as: DisplayError.self) {
            drmModeAddFB2(fd, UInt32(buffer.width), UInt32(buffer.height), buffer.format.drmFourCC,
                          handles, pitches, offsets, &id, 0)
        }
        self.buffer = buffer
        self.id = id
    }

    public var canvas: Canvas { buffer.canvas }

    deinit { _ = drmModeRmFB(buffer.device.fileDescriptor, id) }
}
