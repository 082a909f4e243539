import CPixman
#if canImport(Glibc)
import Glibc
#endif

/// An 8-bit coverage mask (0 = nothing, 255 = fully covered), the form glyphs and
/// antialiased shape edges take before they are composited in a colour.
public final class AlphaMask {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next, a multiple of 4.
    public let pitch: Int
    public let baseAddress: UnsafeMutablePointer<UInt8>
    let pixmanImage: OpaquePointer

    /// A mask with every pixel uncovered.
    public init(width: Int, height: Int) throws(CanvasError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .invalidSize(width: width, height: height)
        }
        let pitch = (width + 3) & ~3
        guard let memory = calloc(1, pitch * height) else { throw .outOfMemory(bytes: pitch * height) }
        guard let image = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height),
                                                   memory.assumingMemoryBound(to: UInt32.self), Int32(pitch))
        else {
            free(memory)
            throw .outOfMemory(bytes: pitch * height)
        }
        self.width = width
        self.height = height
        self.pitch = pitch
        self.baseAddress = memory.assumingMemoryBound(to: UInt8.self)
        self.pixmanImage = image
    }

    /// A copy of coverage rows at `source`, `sourcePitch` bytes apart (a FreeType bitmap).
    public convenience init(width: Int, height: Int, copying source: UnsafeRawPointer,
                            sourcePitch: Int) throws(CanvasError) {
        try self.init(width: width, height: height)
        guard sourcePitch >= width else { throw .pitchTooSmall(pitch: sourcePitch, rowBytes: width) }
        for y in 0..<height {
            (baseAddress + y * pitch).update(from: (source + y * sourcePitch).assumingMemoryBound(to: UInt8.self),
                                             count: width)
        }
    }

    /// A mask from tightly packed rows (`width` bytes each).
    public convenience init(width: Int, height: Int, bytes: [UInt8]) throws(CanvasError) {
        try self.init(width: width, height: height)
        guard bytes.count == width * height else {
            throw .byteCountMismatch(expected: width * height, actual: bytes.count)
        }
        for y in 0..<height {
            for x in 0..<width { baseAddress[y * pitch + x] = bytes[y * width + x] }
        }
    }

    /// The alpha channel of an ARGB canvas (opaque formats give a fully covered mask): a
    /// template icon or pre-set text, drawn later in any colour with `draw(mask:at:color:)`.
    public convenience init(alphaOf canvas: Canvas) throws(CanvasError) {
        try self.init(width: canvas.width, height: canvas.height)
        for y in 0..<height {
            for x in 0..<width {
                baseAddress[y * pitch + x] = UInt8(canvas.argb(x: canvas.origin.x + x, y: canvas.origin.y + y) >> 24)
            }
        }
    }

    deinit {
        pixman_image_unref(pixmanImage)
        free(baseAddress)
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "mask pixel (\(x), \(y)) outside \(width)x\(height)")
            return baseAddress[y * pitch + x]
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "mask pixel (\(x), \(y)) outside \(width)x\(height)")
            baseAddress[y * pitch + x] = newValue
        }
    }
}

extension Canvas {
    /// Blends `color` through `mask` (OVER) with the mask's top-left pixel at `position`:
    /// how glyphs and shape edges reach the canvas.
    public func draw(mask: AlphaMask, at position: (x: Int, y: Int), color: PixelColor) {
        let placed = PixelRect(x: position.x, y: position.y, width: mask.width, height: mask.height)
        let c = placed.intersection(clip)
        guard !c.isEmpty, color.alpha > 0 else { return }
        pixman_image_composite32(PIXMAN_OP_OVER, solids.image(color.pixmanColor), mask.pixmanImage, pixmanImage,
                                 0, 0, Int32(c.x - placed.x), Int32(c.y - placed.y),
                                 Int32(c.x - origin.x), Int32(c.y - origin.y),
                                 Int32(c.width), Int32(c.height))
    }
}
