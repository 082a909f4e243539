import CPixman
import FoundationEssentials
import Glibc
import KioskCore

/// A soft drop shadow as SwiftUI's `.shadow(color:radius:x:y:)` describes it: the shape's
/// silhouette in `color`, blurred with a Gaussian of sigma `radius / 2`, moved by (x, y).
public struct Shadow: Hashable, Sendable {
    public var color: PixelColor
    public var radius: Double
    public var x: Double
    public var y: Double

    public init(color: PixelColor = PixelColor.black.opacity(0.33), radius: Double, x: Double = 0, y: Double = 0) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }

    /// How far the blur reaches beyond the silhouette, in whole pixels.
    public var extent: Int { isDrawable ? Int((1.5 * max(radius, 0)).rounded(.up)) : 0 }

    /// Radii up to this are drawn; a larger (or non-finite) radius or offset draws no shadow.
    public static let maximumRadius = 1000.0

    var isDrawable: Bool {
        radius.isFinite && radius <= Shadow.maximumRadius && x.isFinite && y.isFinite
            && abs(x) <= 32767 && abs(y) <= 32767
    }

    /// How far outside the shape the shadow can land.
    var reach: Int { isDrawable ? extent + Int(max(abs(x), abs(y)).rounded(.up)) : 0 }
}

/// The blurred silhouette of one outline, made once per (size, radii, sub-pixel position,
/// radius) and cached. Positions are taken to the nearest quarter pixel, invisible in a
/// blur, so a moving shadow reuses at most 16 masks instead of blurring every frame.
final class ShadowMask: @unchecked Sendable {
    let mask: AlphaMask?
    /// Where the mask's top-left pixel goes relative to the outline's top-left pixel.
    let offset: Int

    private init(mask: AlphaMask?, offset: Int) {
        self.mask = mask
        self.offset = offset
    }

    private struct Key: Hashable, Sendable {
        var outline: RoundedRect
        var radius: Double
    }

    /// A few screens' shadows: a card's costs its blurred area in bytes, so the bound is in bytes too.
    private static let cache = LRUCache<Key, ShadowMask>(capacity: 64, byteLimit: 8 << 20) { $0.byteCost }

    /// What the cache keeps (`kiosk ctl stats`).
    static var cacheUsage: CacheUsage { CacheUsage(name: "shadows", entries: cache.count, bytes: cache.bytes) }

    /// What the mask costs the cache: its bytes plus the entry itself.
    var byteCost: Int { (mask.map { $0.pitch * $0.height } ?? 0) + 64 }

    static func mask(for outline: RoundedRect, radius: Double) -> (shadow: ShadowMask, x: Int, y: Int) {
        let qx = (outline.minX * 4).rounded() / 4, qy = (outline.minY * 4).rounded() / 4
        let x = Int(qx.rounded(.down)), y = Int(qy.rounded(.down))
        let snapped = outline.offsetBy(dx: qx - outline.minX, dy: qy - outline.minY)
        let key = Key(outline: snapped.offsetBy(dx: -Double(x), dy: -Double(y)), radius: max(radius, 0))
        return (cache.value(for: key) { make(key) }, x, y)
    }

    private static func make(_ key: Key) -> ShadowMask {
        let sigma = key.radius / 2
        let pad = Int((3 * sigma).rounded(.up))
        let outline = key.outline.offsetBy(dx: Double(pad), dy: Double(pad))
        let width = Int(outline.maxX.rounded(.up)) + pad, height = Int(outline.maxY.rounded(.up)) + pad
        var plane = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { plane[y * width + x] = Float(outline.coverage(px: x, py: y)) }
        }
        if pad > 0 {
            let kernel = (-pad...pad).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
            let sum = kernel.reduce(0, +)
            let weights = kernel.map { $0 / sum }
            plane = blur(plane, width: width, height: height, weights: weights, pad: pad, horizontal: true)
            plane = blur(plane, width: width, height: height, weights: weights, pad: pad, horizontal: false)
        }
        guard let mask = try? AlphaMask(width: width, height: height) else { return ShadowMask(mask: nil, offset: -pad) }
        for y in 0..<height {
            for x in 0..<width {
                mask.baseAddress[y * mask.pitch + x] = UInt8((min(max(plane[y * width + x], 0), 1) * 255).rounded())
            }
        }
        return ShadowMask(mask: mask, offset: -pad)
    }

    /// One pass of a separable Gaussian; pixels beyond the plane count as uncovered.
    private static func blur(_ src: [Float], width: Int, height: Int, weights: [Float], pad: Int,
                             horizontal: Bool) -> [Float] {
        var dst = [Float](repeating: 0, count: src.count)
        for y in 0..<height {
            for x in 0..<width {
                var acc: Float = 0
                for (i, w) in weights.enumerated() {
                    let sx = horizontal ? x + i - pad : x, sy = horizontal ? y : y + i - pad
                    if sx >= 0, sx < width, sy >= 0, sy < height { acc += w * src[sy * width + sx] }
                }
                dst[y * width + x] = acc
            }
        }
        return dst
    }
}

extension Canvas {
    /// Draws the shadow `shape` fitted to `rect` would cast, without the shape.
    public func drawShadow(of shape: Shape, in rect: Rect, _ shadow: Shadow) {
        guard shadow.isDrawable, let outline = deviceOutline(shape, rect, reach: shadow.reach) else { return }
        drawShadow(of: outline, shadow, opacity: 1, hiddenBehind: [])
    }

    /// Composites the shadow of `outline` (device coordinates) except inside `hidden`
    /// (device rectangles an opaque shape will cover anyway).
    func drawShadow(of outline: RoundedRect, _ shadow: Shadow, opacity: Double, hiddenBehind hidden: [PixelRect]) {
        let color = shadow.color.opacity(opacity)
        guard color.alpha > 0 else { return }
        let (shadowMask, x, y) = ShadowMask.mask(for: outline.offsetBy(dx: shadow.x, dy: shadow.y), radius: shadow.radius)
        guard let mask = shadowMask.mask else { return }
        let placed = PixelRect(x: x + shadowMask.offset, y: y + shadowMask.offset, width: mask.width, height: mask.height)
        var visible = Region(placed.intersection(deviceClip))
        for h in hidden { visible = visible.subtracting(h) }
        guard !visible.isEmpty else { return }
        let solid = solids.image(color.pixmanColor)
        for r in visible.rects {
            pixman_image_composite32(PIXMAN_OP_OVER, solid, mask.pixmanImage, pixmanImage,
                                     0, 0, Int32(r.x - placed.x), Int32(r.y - placed.y),
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
    }
}
