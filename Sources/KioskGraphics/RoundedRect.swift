import FoundationEssentials
import Glibc

/// A rectangle with rounded corners and the exact area it covers in any pixel.
/// Radii are clamped to be non-negative and scaled down together (as CSS does) until
/// neighbouring corners no longer overlap, so a radius of 1000 on a 280x120 rectangle
/// gives a capsule.
///
/// Circular corners are quarter circles. Continuous corners are quarter superellipses
/// (|u|ⁿ + |v|ⁿ = 1) reaching `continuousReach` times the radius along each edge, the
/// squircle-like curve iOS draws: the exponent puts the curve's middle where the circle's
/// is, so the corner bends earlier and more gently but looks as round. Their coverage is
/// sampled on an 8x8 grid per pixel.
struct RoundedRect: Hashable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// How far each corner's curve reaches along its edges.
    var topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double
    var isContinuous = false

    /// A continuous corner of radius r starts its bend this many radii from the corner.
    static let continuousReach = 1.528
    /// reach·(1 - 2^(-1/n)) = 1 - 1/√2: the superellipse meets the circle on the diagonal.
    static let continuousExponent = -1 / log2(1 - (1 - 0.5.squareRoot()) / continuousReach)

    init(rect: Rect, radii: CornerRadii) {
        minX = rect.minX; minY = rect.minY; maxX = rect.maxX; maxY = rect.maxY
        isContinuous = radii.isContinuous
        let reach = radii.isContinuous ? RoundedRect.continuousReach : 1
        let w = max(rect.width, 0), h = max(rect.height, 0)
        let tl = max(radii.topLeading, 0) * reach, tr = max(radii.topTrailing, 0) * reach
        let bl = max(radii.bottomLeading, 0) * reach, br = max(radii.bottomTrailing, 0) * reach
        var scale = 1.0
        for (sum, side) in [(tl + tr, w), (bl + br, w), (tl + bl, h), (tr + br, h)] where sum > side {
            scale = min(scale, side / sum)
        }
        topLeft = tl * scale; topRight = tr * scale; bottomLeft = bl * scale; bottomRight = br * scale
    }

    var isEmpty: Bool { !(maxX > minX && maxY > minY) }

    /// How far the largest corner's curve reaches along its edges.
    var largestRadius: Double { max(topLeft, topRight, bottomLeft, bottomRight) }

    /// The same outline moved by (dx, dy).
    func offsetBy(dx: Double, dy: Double) -> RoundedRect {
        var r = self
        r.minX += dx; r.maxX += dx; r.minY += dy; r.maxY += dy
        return r
    }

    /// The outline `inset` further in, with radii shrunk by the same amount: the inner edge
    /// of a border, concentric with the outer one. Nil when nothing is left.
    func inset(by inset: Double) -> RoundedRect? {
        var r = self
        r.minX += inset; r.minY += inset; r.maxX -= inset; r.maxY -= inset
        guard !r.isEmpty else { return nil }
        r.topLeft = max(topLeft - inset, 0); r.topRight = max(topRight - inset, 0)
        r.bottomLeft = max(bottomLeft - inset, 0); r.bottomRight = max(bottomRight - inset, 0)
        return r
    }

    /// The exact area (0...1) of the unit pixel square at (px, py) inside the outline: the
    /// part inside the rectangle minus, at each corner, the part of the corner square that
    /// lies outside the corner's circle.
    func coverage(px: Int, py: Int) -> Double {
        let x0 = Double(px), x1 = x0 + 1, y0 = Double(py), y1 = y0 + 1
        let w = min(x1, maxX) - max(x0, minX), h = min(y1, maxY) - max(y0, minY)
        guard w > 0, h > 0 else { return 0 }
        var area = w * h
        let cut = isContinuous ? RoundedRect.squircleCut : RoundedRect.cornerCut
        area -= cut(topLeft, minX + topLeft, minY + topLeft,
                    (minX, minX + topLeft, minY, minY + topLeft), (x0, x1, y0, y1))
        area -= cut(topRight, maxX - topRight, minY + topRight,
                    (maxX - topRight, maxX, minY, minY + topRight), (x0, x1, y0, y1))
        area -= cut(bottomLeft, minX + bottomLeft, maxY - bottomLeft,
                    (minX, minX + bottomLeft, maxY - bottomLeft, maxY), (x0, x1, y0, y1))
        area -= cut(bottomRight, maxX - bottomRight, maxY - bottomRight,
                    (maxX - bottomRight, maxX, maxY - bottomRight, maxY), (x0, x1, y0, y1))
        return min(max(area, 0), 1)
    }

    /// Like `cornerCut`, for a superellipse corner of reach r: the part of the pixel in the
    /// corner square outside the curve, by sampling 8x8 points.
    private static func squircleCut(_ r: Double, _ cx: Double, _ cy: Double,
                                    _ square: (Double, Double, Double, Double),
                                    _ pixel: (Double, Double, Double, Double)) -> Double {
        guard r > 0 else { return 0 }
        let a0 = max(square.0, pixel.0), a1 = min(square.1, pixel.1)
        let b0 = max(square.2, pixel.2), b1 = min(square.3, pixel.3)
        guard a1 > a0, b1 > b0 else { return 0 }
        let n = 8
        var outside = 0
        for j in 0..<n {
            let y = pixel.2 + (Double(j) + 0.5) / Double(n)
            guard y >= b0, y < b1 else { continue }
            let vn = pow(abs(y - cy) / r, continuousExponent)
            for i in 0..<n {
                let x = pixel.0 + (Double(i) + 0.5) / Double(n)
                guard x >= a0, x < a1 else { continue }
                if pow(abs(x - cx) / r, continuousExponent) + vn > 1 { outside += 1 }
            }
        }
        return Double(outside) / Double(n * n)
    }

    /// The area of the pixel inside the corner square but outside the circle of radius r
    /// centred at (cx, cy), the square's inner corner.
    private static func cornerCut(_ r: Double, _ cx: Double, _ cy: Double,
                                  _ square: (Double, Double, Double, Double),
                                  _ pixel: (Double, Double, Double, Double)) -> Double {
        guard r > 0 else { return 0 }
        let a0 = max(square.0, pixel.0), a1 = min(square.1, pixel.1)
        let b0 = max(square.2, pixel.2), b1 = min(square.3, pixel.3)
        guard a1 > a0, b1 > b0 else { return 0 }
        // Distances from the centre; the square lies on one side of it in each axis.
        let u0 = min(abs(a0 - cx), abs(a1 - cx)), u1 = max(abs(a0 - cx), abs(a1 - cx))
        let v0 = min(abs(b0 - cy), abs(b1 - cy)), v1 = max(abs(b0 - cy), abs(b1 - cy))
        return (a1 - a0) * (b1 - b0) - discArea(r: r, u0: u0, u1: u1, v0: v0, v1: v1)
    }

    /// The area of the disc of radius r about the origin inside [u0,u1] x [v0,v1], a box in
    /// the first quadrant: the integral over u of clamp(sqrt(r² - u²) - v0, 0, v1 - v0).
    static func discArea(r: Double, u0: Double, u1: Double, v0: Double, v1: Double) -> Double {
        let full = min(max((max(r * r - v1 * v1, 0)).squareRoot(), u0), u1) // below: the column is covered to v1
        let none = min(max((max(r * r - v0 * v0, 0)).squareRoot(), u0), u1) // beyond: the arc is under v0
        let fullPart = (full - u0) * (v1 - v0)
        let arcPart = arcIntegral(r: r, none) - arcIntegral(r: r, full) - v0 * (none - full)
        return fullPart + arcPart
    }

    /// The integral of sqrt(r² - t²) from 0 to u (u ≤ r).
    private static func arcIntegral(r: Double, _ u: Double) -> Double {
        let s = min(u / r, 1)
        return 0.5 * (u * max(r * r - u * u, 0).squareRoot() + r * r * asin(s))
    }
}
