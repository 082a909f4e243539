import CPixman
import FoundationEssentials
import Glibc

/// How a layer's pixels combine with what lies under them: Porter-Duff over (`normal`) or
/// one of the PDF blend modes pixman implements. The last four are non-separable: they mix
/// the hue, saturation and luminosity of the two colours rather than each channel.
public enum BlendMode: Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity

    var pixmanOp: pixman_op_t {
        switch self {
        case .normal: PIXMAN_OP_OVER
        case .multiply: PIXMAN_OP_MULTIPLY
        case .screen: PIXMAN_OP_SCREEN
        case .overlay: PIXMAN_OP_OVERLAY
        case .darken: PIXMAN_OP_DARKEN
        case .lighten: PIXMAN_OP_LIGHTEN
        case .colorDodge: PIXMAN_OP_COLOR_DODGE
        case .colorBurn: PIXMAN_OP_COLOR_BURN
        case .softLight: PIXMAN_OP_SOFT_LIGHT
        case .hardLight: PIXMAN_OP_HARD_LIGHT
        case .difference: PIXMAN_OP_DIFFERENCE
        case .exclusion: PIXMAN_OP_EXCLUSION
        case .hue: PIXMAN_OP_HSL_HUE
        case .saturation: PIXMAN_OP_HSL_SATURATION
        case .color: PIXMAN_OP_HSL_COLOR
        case .luminosity: PIXMAN_OP_HSL_LUMINOSITY
        }
    }
}

/// An affine map of points in Core Graphics' order: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct LayerTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = LayerTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    /// Scales by (sx, sy) and then turns by `radians` (clockwise on a y-down screen), both
    /// about `anchor`, which stays where it is.
    public init(scaleX sx: Double, y sy: Double, rotation radians: Double = 0, about anchor: Point) {
        let cosine = cos(radians), sine = sin(radians)
        let a = cosine * sx, b = sine * sx, c = -sine * sy, d = cosine * sy
        self.init(a: a, b: b, c: c, d: d,
                  tx: anchor.x - a * anchor.x - c * anchor.y, ty: anchor.y - b * anchor.x - d * anchor.y)
    }

    public var isIdentity: Bool { self == .identity }

    /// Nil when the map squashes the plane flat (a zero scale).
    public var inverted: LayerTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return LayerTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }

    /// The bounding box of `rect` mapped.
    public func apply(_ rect: Rect) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}

/// Layers: a sub-tree drawn apart and composited as one picture, for the effects that need
/// it: a transform (rotation, non-uniform scale), a blend mode, a group opacity, a clip shape.
extension Canvas {
    /// Draws what `body` draws inside `bounds` (logical coordinates) into a transparent
    /// layer, keeps only what lies inside `mask` (a shape fitted to a rectangle, in the same
    /// coordinates) when given, and composites the layer mapped by `transform` with
    /// `blendMode` at `opacity` (bilinear filtering when transformed), over the `shadow` its
    /// pixels cast when given (drawn untransformed: a group's shadow under a group).
    public func drawLayer(bounds: PixelRect, transform: LayerTransform = .identity, blendMode: BlendMode = .normal,
                          opacity: Double = 1, mask: (shape: Shape, rect: Rect)? = nil, shadow: Shadow? = nil,
                          _ body: (Canvas) -> Void) {
        guard opacity > 0, !bounds.isEmpty, let inverse = transform.inverted,
              let layer = try? Canvas(layer: bounds, format: .argb8888) else { return }
        body(layer)
        if let mask, let coverage = try? Canvas(layer: bounds, format: .argb8888) {
            coverage.fill(mask.shape, in: mask.rect, color: .white)
            // DEST_IN: the layer keeps its pixels where the mask is opaque.
            pixman_image_composite32(PIXMAN_OP_IN_REVERSE, coverage.pixmanImage, nil, layer.pixmanImage,
                                     0, 0, 0, 0, 0, 0, Int32(bounds.width), Int32(bounds.height))
        }
        if let shadow { drawShadow(of: layer, shadow, opacity: opacity) }
        let reach = transform.apply(bounds.rect).enclosingPixels
        let target = deviceRect(transform.isIdentity ? bounds : reach.insetBy(dx: -1, dy: -1))
        guard !target.isEmpty else { return }
        // pixman maps each destination device pixel back to a layer device pixel.
        let m = LayerTransform(translationX: Double(origin.x), y: Double(origin.y))
            .concatenating(inverse).concatenating(LayerTransform(translationX: -Double(layer.origin.x), y: -Double(layer.origin.y)))
        var t = pixman_transform_t()
        t.matrix.0 = (pixmanFixed(m.a), pixmanFixed(m.c), pixmanFixed(m.tx))
        t.matrix.1 = (pixmanFixed(m.b), pixmanFixed(m.d), pixmanFixed(m.ty))
        t.matrix.2 = (0, 0, 65536)
        pixman_image_set_transform(layer.pixmanImage, &t)
        if !transform.isIdentity { pixman_image_set_filter(layer.pixmanImage, PIXMAN_FILTER_BILINEAR, nil, 0) }
        var fade: OpaquePointer?
        if opacity < 1 {
            var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((min(opacity, 1) * 65535).rounded()))
            fade = pixman_image_create_solid_fill(&color)
        }
        defer { if let fade { pixman_image_unref(fade) } }
        pixman_image_composite32(blendMode.pixmanOp, layer.pixmanImage, fade, pixmanImage,
                                 Int32(target.x), Int32(target.y), 0, 0, Int32(target.x), Int32(target.y),
                                 Int32(target.width), Int32(target.height))
    }
}

extension Canvas {
    /// Composites the shadow `layer`'s pixels cast: their coverage blurred with a Gaussian of
    /// sigma `radius / 2` (pixman's convolution filter, one pass across and one down), in the
    /// shadow's colour, moved by its offset.
    func drawShadow(of layer: Canvas, _ shadow: Shadow, opacity: Double) {
        let color = shadow.color.opacity(opacity)
        guard shadow.isDrawable, color.alpha > 0 else { return }
        let pad = shadow.extent
        guard let coverage = try? AlphaMask(width: layer.width + 2 * pad, height: layer.height + 2 * pad) else { return }
        pixman_image_composite32(PIXMAN_OP_SRC, layer.pixmanImage, nil, coverage.pixmanImage, 0, 0, 0, 0,
                                 Int32(pad), Int32(pad), Int32(layer.width), Int32(layer.height))
        if pad > 0 { Self.blur(coverage, sigma: shadow.radius / 2, reach: pad) }
        let placed = PixelRect(x: layer.origin.x - pad + Int(shadow.x.rounded()), y: layer.origin.y - pad + Int(shadow.y.rounded()),
                               width: coverage.width, height: coverage.height)
        let target = deviceRect(placed)
        guard !target.isEmpty else { return }
        pixman_image_composite32(PIXMAN_OP_OVER, solids.image(color.pixmanColor), coverage.pixmanImage, pixmanImage,
                                 0, 0, Int32(target.x + origin.x - placed.x), Int32(target.y + origin.y - placed.y),
                                 Int32(target.x), Int32(target.y), Int32(target.width), Int32(target.height))
    }

    private static func blur(_ mask: AlphaMask, sigma: Double, reach: Int) {
        guard sigma > 0, let across = try? AlphaMask(width: mask.width, height: mask.height) else { return }
        let kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = kernel.reduce(0, +)
        let weights = kernel.map { pixman_fixed_t(($0 / sum * 65536).rounded()) }
        for (source, destination, horizontal) in [(mask, across, true), (across, mask, false)] {
            let (w, h) = horizontal ? (weights.count, 1) : (1, weights.count)
            var params = [pixman_fixed_t(w) << 16, pixman_fixed_t(h) << 16] + weights
            pixman_image_set_filter(source.pixmanImage, PIXMAN_FILTER_CONVOLUTION, &params, Int32(params.count))
            pixman_image_composite32(PIXMAN_OP_SRC, source.pixmanImage, nil, destination.pixmanImage, 0, 0, 0, 0, 0, 0,
                                     Int32(mask.width), Int32(mask.height))
            pixman_image_set_filter(source.pixmanImage, PIXMAN_FILTER_NEAREST, nil, 0)
        }
    }
}

extension LayerTransform {
    /// This map followed by `other`'s.
    public func concatenating(_ other: LayerTransform) -> LayerTransform {
        LayerTransform(a: other.a * a + other.c * b, b: other.b * a + other.d * b,
                        c: other.a * c + other.c * d, d: other.b * c + other.d * d,
                        tx: other.a * tx + other.c * ty + other.tx, ty: other.b * tx + other.d * ty + other.ty)
    }
}
