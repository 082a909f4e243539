import CPNG
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// A PNG that could not be read or written; names the file and libpng's reason.
public struct PNGError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "PNG \(path): \(reason)" }
}

/// Writing encoded images to disk.
public enum PNGFile {
    /// Writes `bytes` to `path` whole or not at all, replacing only a regular file (see
    /// `OutputFile`); the error names the cause (a full disk, a device at the path).
    public static func write(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o666) throws(PNGError) {
        do {
            try OutputFile.replace(path, with: bytes, permissions: permissions)
        } catch {
            throw PNGError(path: path, reason: error.reason)
        }
    }
}

/// PNG through libpng's simplified API (no setjmp). Pixels are 8-bit sRGB; byte order
/// B,G,R,A in memory is the native 0xAARRGGBB word on the little-endian machines we run on.
extension Canvas {
    /// A PNG file larger than this is refused before it is read.
    public static let maximumPNGFileBytes = 64 << 20

    /// Loads a PNG as a premultiplied ARGB8888 canvas. A missing, truncated or corrupt
    /// file is a `PNGError`, and so is anything but a regular file (a FIFO would block
    /// libpng's fopen forever) and an image larger than `PixelLimits` allow.
    public convenience init(pngFile path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: Self.maximumPNGFileBytes)
        } catch {
            throw PNGError(path: path, reason: error.reason)
        }
        try self.init(pngData: bytes, name: path)
    }

    /// Loads PNG bytes (an icon embedded in a screen bundle); `name` appears in errors.
    /// libpng reads the bytes until `png_image_finish_read`, after `begin` has returned, so
    /// they are copied into memory that lives that long: a pointer from `withUnsafeBytes`
    /// may be freed with the array as soon as the closure ends.
    public convenience init(pngData data: [UInt8], name: String = "<memory>") throws {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
        defer { bytes.deallocate() }
        bytes.copyBytes(from: data)
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, data.count) != 0 else {
            throw PNGError(path: name, reason: Canvas.message(of: &image))
        }
        try self.init(pngImage: &image, path: name)
    }

    private convenience init(pngImage image: inout png_image, path: String) throws {
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        if let problem = PixelLimits.problem(width: width, height: height) {
            throw PNGError(path: path, reason: "unsupported size: \(problem)")
        }
        image.format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_BGR
        try self.init(width: width, height: height, format: .argb8888)
        let ok = png_image_finish_read(&image, nil, baseAddress, Int32(pitch), nil)
        guard ok != 0 else { throw PNGError(path: path, reason: Canvas.message(of: &image)) }
        premultiplyInPlace()
    }

    /// Writes the canvas as an 8-bit PNG: RGBA for ARGB8888 (alpha un-premultiplied),
    /// RGB for the opaque formats. The file is replaced whole or not at all (written
    /// beside it, then renamed), and a failure names its cause: libpng's own file writer
    /// says only "Write Error", even for a full disk.
    public func writePNG(to path: String) throws {
        try PNGFile.write(try pngData(), to: path)
    }

    /// The canvas encoded as PNG bytes, as `writePNG(to:)` would write them. One pass into
    /// a buffer sized for the worst case (stored blocks, IDAT chunk headers); libpng's
    /// sizing pass would compress the whole image twice.
    public func pngData() throws -> [UInt8] {
        var (image, pixels, stride) = pngPixels()
        let header = image
        let raw = (stride + 1) * height
        var size = raw + raw / 512 + 4096
        var out: [UInt8] = []
        for _ in 0..<2 {
            out = [UInt8](repeating: 0, count: size)
            let ok = pixels.withUnsafeBytes { src in
                out.withUnsafeMutableBytes { png_image_write_to_memory(&image, $0.baseAddress, &size, 0, src.baseAddress, Int32(stride), nil) }
            }
            if ok != 0 {
                png_image_free(&image)
                return Array(out.prefix(size))
            }
            guard size > out.count else { break }
            png_image_free(&image)
            image = header
        }
        throw PNGError(path: "<memory>", reason: Canvas.message(of: &image))
    }

    private func pngPixels() -> (png_image, [UInt8], Int) {
        let channels = format.hasAlpha ? 4 : 3
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = PNG_FORMAT_FLAG_COLOR | (format.hasAlpha ? PNG_FORMAT_FLAG_ALPHA : 0)
        let stride = width * channels
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = argb(x: x, y: y)
                let a = p >> 24
                var r = p >> 16 & 0xFF, g = p >> 8 & 0xFF, b = p & 0xFF
                if a < 255 && format.hasAlpha {
                    (r, g, b) = a == 0 ? (0, 0, 0) : ((r * 255 + a / 2) / a, (g * 255 + a / 2) / a, (b * 255 + a / 2) / a)
                }
                let i = y * stride + x * channels
                pixels[i] = UInt8(min(r, 255))
                pixels[i + 1] = UInt8(min(g, 255))
                pixels[i + 2] = UInt8(min(b, 255))
                if channels == 4 { pixels[i + 3] = UInt8(a) }
            }
        }
        return (image, pixels, stride)
    }

    private func premultiplyInPlace() {
        for y in 0..<height {
            let row = (baseAddress + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x], a = p >> 24
                guard a < 255 else { continue }
                func mul(_ c: UInt32) -> UInt32 { let t = c * a + 128; return (t + (t >> 8)) >> 8 }
                row[x] = a << 24 | mul(p >> 16 & 0xFF) << 16 | mul(p >> 8 & 0xFF) << 8 | mul(p & 0xFF)
            }
        }
    }

    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng reported an error" : text
    }
}
