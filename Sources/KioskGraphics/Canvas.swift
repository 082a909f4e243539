import CPixman
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// Pixels in memory with an explicit pitch (bytes per row) in one of the `PixelFormat`s,
/// and the operations that draw into them. Every operation is clipped to `clip`, which
/// never reaches outside the canvas. Drawing goes through pixman, which has SIMD paths
/// on x86 and ARM.
///
/// Coordinates are logical: pixel (0, 0) of the memory sits at `origin`, which is (0, 0)
/// except for the layers `drawScaled` makes, so a sub-tree draws at the same coordinates
/// whether it lands on the screen or in a layer.
public final class Canvas {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next; may exceed `width * bytesPerPixel`.
    public let pitch: Int
    public let format: PixelFormat
    public let baseAddress: UnsafeMutableRawPointer
    /// The pixman image over the same memory.
    public let pixmanImage: OpaquePointer
    private let ownsMemory: Bool
    /// The logical position of the first pixel.
    public let origin: (x: Int, y: Int)
    /// Tells this canvas from every other one made in the process, even one made later
    /// at the same address: a host that drew the last frame here compares it rather than
    /// hold the canvas weakly, which costs atomic work on every frame.
    public let serial = CanvasSerial.next()
    /// Solid colours for compositing, shared by every draw on this canvas.
    let solids = SolidImages()
    /// Layers kept by `drawScaled(by:about:clip:cacheKey:_:)`, bounded.
    var layerCache: [AnyHashable: ScaledLayer] = [:]

    /// Where drawing lands, in logical coordinates; changed only for the extent of
    /// `withClip(_:_:)`.
    public private(set) var clip: PixelRect

    /// The logical rectangle the pixels cover.
    public var bounds: PixelRect { PixelRect(x: origin.x, y: origin.y, width: width, height: height) }
    public var size: Size { Size(width: Double(width), height: Double(height)) }

    /// A zero-filled canvas that owns its memory. `pitch` defaults to the row rounded up
    /// to 4 bytes.
    public convenience init(width: Int, height: Int, format: PixelFormat = .xrgb8888,
                            pitch: Int? = nil) throws(CanvasError) {
        try Canvas.validateSize(width: width, height: height)
        let pitch = pitch ?? (width * format.bytesPerPixel + 3) & ~3
        try Canvas.validate(width: width, height: height, format: format, pitch: pitch)
        guard let memory = calloc(1, pitch * height) else {
            throw .outOfMemory(bytes: pitch * height)
        }
        try self.init(memory: memory, width: width, height: height, format: format, pitch: pitch, owns: true)
    }

    /// A canvas over memory the caller owns (a mapped dumb buffer, a shadow buffer). The
    /// memory must hold `pitch * height` bytes and outlive the canvas.
    public convenience init(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int,
                            format: PixelFormat, pitch: Int) throws(CanvasError) {
        try Canvas.validate(width: width, height: height, format: format, pitch: pitch)
        try self.init(memory: memory, width: width, height: height, format: format, pitch: pitch, owns: false)
    }

    /// An owned, zero-filled canvas whose first pixel sits at `origin`: a layer.
    convenience init(layer rect: PixelRect, format: PixelFormat) throws(CanvasError) {
        try Canvas.validateSize(width: rect.width, height: rect.height)
        let pitch = rect.width * format.bytesPerPixel
        try Canvas.validate(width: rect.width, height: rect.height, format: format, pitch: pitch)
        guard let memory = calloc(1, pitch * rect.height) else {
            throw .outOfMemory(bytes: pitch * rect.height)
        }
        try self.init(memory: memory, width: rect.width, height: rect.height, format: format, pitch: pitch,
                      owns: true, origin: (rect.x, rect.y))
    }

    private init(memory: UnsafeMutableRawPointer, width: Int, height: Int, format: PixelFormat,
                 pitch: Int, owns: Bool, origin: (x: Int, y: Int) = (0, 0)) throws(CanvasError) {
        guard let image = pixman_image_create_bits(format.pixmanFormat, Int32(width), Int32(height),
                                                   memory.assumingMemoryBound(to: UInt32.self), Int32(pitch))
        else {
            if owns { free(memory) }
            throw .outOfMemory(bytes: pitch * height)
        }
        self.width = width
        self.height = height
        self.pitch = pitch
        self.format = format
        self.baseAddress = memory
        self.pixmanImage = image
        self.ownsMemory = owns
        self.origin = origin
        self.clip = PixelRect(x: origin.x, y: origin.y, width: width, height: height)
    }

    deinit {
        pixman_image_unref(pixmanImage)
        if ownsMemory { free(baseAddress) }
    }

    /// pixman addresses pixels with 16-bit coordinates.
    static func validateSize(width: Int, height: Int) throws(CanvasError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .invalidSize(width: width, height: height)
        }
    }

    static func validate(width: Int, height: Int, format: PixelFormat, pitch: Int) throws(CanvasError) {
        try validateSize(width: width, height: height)
        let rowBytes = width * format.bytesPerPixel
        guard pitch >= rowBytes else { throw .pitchTooSmall(pitch: pitch, rowBytes: rowBytes) }
        guard pitch % 4 == 0 else { throw .pitchNotAligned(pitch: pitch) }
        let (bytes, overflow) = pitch.multipliedReportingOverflow(by: height)
        guard !overflow, bytes <= Int(Int32.max) else { throw .tooLarge(pitch: pitch, height: height) }
    }

    // MARK: Clipping

    /// Runs `body` with drawing clipped to `rect` within the current clip, then restores it.
    public func withClip<R>(_ rect: PixelRect, _ body: () throws -> R) rethrows -> R {
        let saved = clip
        clip = clip.intersection(rect)
        defer { clip = saved }
        return try body()
    }

    /// `rect` clipped, in memory (device) coordinates.
    func deviceRect(_ rect: PixelRect) -> PixelRect {
        let r = rect.intersection(clip)
        return PixelRect(x: r.x - origin.x, y: r.y - origin.y, width: r.width, height: r.height)
    }

    // MARK: Fills and copies

    /// Fills whole pixels with `color`: a plain span fill when the colour is opaque,
    /// blended (OVER) otherwise.
    public func fill(_ rect: PixelRect, color: PixelColor) {
        let r = deviceRect(rect)
        guard !r.isEmpty, color.alpha > 0 else { return }
        if color.alpha >= 1 {
            replace([r], with: color)
        } else {
            var box = pixman_box32_t(x1: Int32(r.x), y1: Int32(r.y), x2: Int32(r.maxX), y2: Int32(r.maxY))
            var c = color.pixmanColor
            pixman_image_fill_boxes(PIXMAN_OP_OVER, pixmanImage, &c, 1, &box)
        }
    }

    /// Fills each of `rects`, disjoint, as `fill(_:color:)` does, converting the colour once:
    /// the background a moved view uncovers comes in several pieces every frame.
    public func fill(_ rects: [PixelRect], color: PixelColor) {
        guard color.alpha > 0 else { return }
        guard color.alpha >= 1 else {
            for rect in rects { fill(rect, color: color) }
            return
        }
        var device: [PixelRect] = []
        device.reserveCapacity(rects.count)
        for rect in rects {
            let r = deviceRect(rect)
            if !r.isEmpty { device.append(r) }
        }
        replace(device, with: color)
    }

    /// Replaces the pixels of `rect` with `color`, alpha included (no blending).
    public func clear(_ rect: PixelRect, color: PixelColor = .clear) {
        let r = deviceRect(rect)
        guard !r.isEmpty else { return }
        replace([r], with: color)
    }

    /// Writes `color` into device rectangles (already clipped). 32-bit pixels go through
    /// `wmemset`, glibc's vectorised 32-bit memset, which outruns pixman's fill loop, except
    /// rows of 32 pixels or fewer (the sides of a dragged card), written here four pixels a
    /// store: for them the call costs more than the stores. RGB565 goes through pixman.
    func replace(_ rects: [PixelRect], with color: PixelColor) {
        var c = color.pixmanColor
        guard format.bytesPerPixel == 4 else {
            var boxes = rects.map { pixman_box32_t(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
            pixman_image_fill_boxes(PIXMAN_OP_SRC, pixmanImage, &c, Int32(boxes.count), &boxes)
            return
        }
        let alpha = format.hasAlpha ? UInt32(c.alpha >> 8) : 0xFF
        let word = alpha << 24 | UInt32(c.red >> 8) << 16 | UInt32(c.green >> 8) << 8 | UInt32(c.blue >> 8)
        for r in rects {
            var row = baseAddress + r.y * pitch + r.x * 4
            if r.width <= 32 {
                for _ in 0..<r.height {
                    Self.fillRow(row, count: r.width, with: word)
                    row += pitch
                }
                continue
            }
            for _ in 0..<r.height {
                wmemset(row.assumingMemoryBound(to: wchar_t.self), wchar_t(truncatingIfNeeded: word), r.width)
                row += pitch
            }
        }
    }

    /// Writes `count` pixels of `word` from `row`: four at a time, the last four ending at
    /// the row's end (overlapping the ones before when `count` is not a multiple of four).
    @inline(__always)
    private static func fillRow(_ row: UnsafeMutableRawPointer, count: Int, with word: UInt32) {
        guard count >= 4 else {
            for i in 0..<count { row.storeBytes(of: word, toByteOffset: 4 * i, as: UInt32.self) }
            return
        }
        let four = SIMD4<UInt32>(repeating: word)
        var offset = 0
        while offset + 4 < count {
            row.storeBytes(of: four, toByteOffset: 4 * offset, as: SIMD4<UInt32>.self)
            offset += 4
        }
        row.storeBytes(of: four, toByteOffset: 4 * (count - 4), as: SIMD4<UInt32>.self)
    }

    /// Copies `rect` of `source` to the same place here, converting the format: the
    /// shadow-to-scanout copy of a frame's damage. Pixels are replaced, not blended.
    public func copy(from source: Canvas, rect: PixelRect) {
        let r = rect.intersection(clip).intersection(source.bounds)
        guard !r.isEmpty else { return }
        pixman_image_composite32(PIXMAN_OP_SRC, source.pixmanImage, nil, pixmanImage,
                                 Int32(r.x - source.origin.x), Int32(r.y - source.origin.y), 0, 0,
                                 Int32(r.x - origin.x), Int32(r.y - origin.y), Int32(r.width), Int32(r.height))
    }

    /// Copies every rectangle of `region` from `source`, see `copy(from:rect:)`.
    public func copy(from source: Canvas, region: Region) {
        for r in region.rects { copy(from: source, rect: r) }
    }

    /// Blends (OVER) `source`, or its `sourceRect` (in the source's coordinates), with its
    /// top-left corner at `position`: icons and cached layers.
    public func draw(_ source: Canvas, sourceRect: PixelRect? = nil, at position: (x: Int, y: Int),
                     opacity: Double = 1) {
        let src = (sourceRect ?? source.bounds).intersection(source.bounds)
        let placed = PixelRect(x: position.x, y: position.y, width: src.width, height: src.height)
        let c = placed.intersection(clip)
        let r = deviceRect(placed)
        guard !r.isEmpty, opacity > 0 else { return }
        let op = source.format.hasAlpha || opacity < 1 ? PIXMAN_OP_OVER : PIXMAN_OP_SRC
        let sx = src.x - source.origin.x + c.x - placed.x, sy = src.y - source.origin.y + c.y - placed.y
        if opacity >= 1 {
            pixman_image_composite32(op, source.pixmanImage, nil, pixmanImage,
                                     Int32(sx), Int32(sy), 0, 0, Int32(r.x), Int32(r.y),
                                     Int32(r.width), Int32(r.height))
        } else {
            let mask = solids.image(PixelColor(red: 0, green: 0, blue: 0, alpha: opacity).pixmanColor)
            pixman_image_composite32(op, source.pixmanImage, mask, pixmanImage,
                                     Int32(sx), Int32(sy), 0, 0, Int32(r.x), Int32(r.y),
                                     Int32(r.width), Int32(r.height))
        }
    }

    // MARK: Reading pixels

    /// The pixel at logical (x, y) as premultiplied 0xAARRGGBB (opaque formats read alpha
    /// 0xFF; RGB565 channels are widened by bit replication). For tests, snapshots and PNG.
    public func argb(x: Int, y: Int) -> UInt32 {
        let x = x - origin.x, y = y - origin.y
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let row = baseAddress + y * pitch
        switch format {
        case .argb8888:
            return row.load(fromByteOffset: x * 4, as: UInt32.self)
        case .xrgb8888:
            return row.load(fromByteOffset: x * 4, as: UInt32.self) | 0xFF00_0000
        case .rgb565:
            let v = UInt32(row.load(fromByteOffset: x * 2, as: UInt16.self))
            let r = v >> 11 & 31, g = v >> 5 & 63, b = v & 31
            return 0xFF00_0000 | (r << 3 | r >> 2) << 16 | (g << 2 | g >> 4) << 8 | (b << 3 | b >> 2)
        }
    }
}

extension PixelColor {
    /// The premultiplied 16-bit colour pixman takes for solid fills. Rounded by adding a
    /// half and truncating (the values are never negative): `rounded()` is a call into
    /// libm, and a repaint converts a colour for every piece it fills.
    var pixmanColor: pixman_color_t {
        let a = min(max(alpha, 0), 1)
        func channel(_ v: Double) -> UInt16 { UInt16(min(max(v, 0), 1) * a * 65535 + 0.5) }
        return pixman_color_t(red: channel(red), green: channel(green), blue: channel(blue),
                              alpha: UInt16(a * 65535 + 0.5))
    }
}

/// Numbers canvases in the order they are made.
enum CanvasSerial {
    private static let lock = Lock()
    nonisolated(unsafe) private static var last = 0

    static func next() -> Int {
        lock.withLock {
            last += 1
            return last
        }
    }
}
