import CPixman

/// The pixel layouts a canvas (and a DRM dumb buffer) can hold. All are native-endian
/// 32- or 16-bit words, the layout DRM and pixman share.
public enum PixelFormat: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 0xXXRRGGBB; the top byte is ignored. The usual scanout format.
    case xrgb8888
    /// 0xAARRGGBB, premultiplied alpha. Layers and images.
    case argb8888
    /// 5-6-5 bits per pixel, for panels on small boards.
    case rgb565

    public var bytesPerPixel: Int {
        switch self {
        case .xrgb8888, .argb8888: 4
        case .rgb565: 2
        }
    }

    public var hasAlpha: Bool { self == .argb8888 }

    /// The pixman format code that describes the same memory.
    public var pixmanFormat: pixman_format_code_t {
        switch self {
        case .xrgb8888: PIXMAN_x8r8g8b8
        case .argb8888: PIXMAN_a8r8g8b8
        case .rgb565: PIXMAN_r5g6b5
        }
    }

    /// The DRM fourcc code (`DRM_FORMAT_*`) of the same layout, for dumb buffers.
    public var drmFourCC: UInt32 {
        func code(_ s: StaticString) -> UInt32 {
            let b = s.utf8Start
            return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
        }
        switch self {
        case .xrgb8888: return code("XR24")
        case .argb8888: return code("AR24")
        case .rgb565: return code("RG16")
        }
    }

    public var description: String {
        switch self {
        case .xrgb8888: "XRGB8888"
        case .argb8888: "ARGB8888"
        case .rgb565: "RGB565"
        }
    }
}
