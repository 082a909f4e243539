import CDRM
import KioskGraphics
#if canImport(Glibc)
import Glibc
#endif

/// A CPU-drawable scanout buffer (a DRM "dumb" buffer), mapped into this process and
/// wrapped as a `Canvas` with the driver's pitch. The mapping is write-combined on most
/// hardware: it is only ever written, never read back.
public final class DumbBuffer {
    public let device: DRMDevice
    public let handle: UInt32
    public let width: Int
    public let height: Int
    public let pitch: Int
    public let format: PixelFormat
    public let canvas: Canvas
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int

    public init(device: DRMDevice, width: Int, height: Int, format: PixelFormat) throws(DisplayError) {
        let fd = device.fileDescriptor
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        try retryingEINTR("create a \(width)x\(height) \(format) dumb buffer on \(device.path)", as: DisplayError.self) {
            drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), UInt32(format.bytesPerPixel * 8), 0,
                                    &handle, &pitch, &size)
        }
        var offset: UInt64 = 0
        do {
            try retryingEINTR("map a dumb buffer on \(device.path)", as: DisplayError.self) { drmModeMapDumbBuffer(fd, handle, &offset) }
        } catch {
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        let memory = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let memory, memory != MAP_FAILED else {
            let code = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError.errno("mmap a dumb buffer of \(size) bytes", code: code)
        }
        do {
            canvas = try Canvas(wrapping: memory, width: width, height: height, format: format, pitch: Int(pitch))
        } catch {
            munmap(memory, Int(size))
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError("wrap a dumb buffer as a canvas", reason: "\(error)")
        }
        self.device = device
        self.handle = handle
        self.width = width
        self.height = height
        self.pitch = Int(pitch)
        self.format = format
        self.mapping = memory
        self.mappedBytes = Int(size)
    }

    deinit {
        munmap(mapping, mappedBytes)
        _ = drmModeDestroyDumbBuffer(device.fileDescriptor, handle)
    }
}
