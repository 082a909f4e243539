import Foundation
import Testing
@testable import KioskGraphics

/// Coverage is checked against areas integrated numerically here, independently of the
/// closed form the renderer uses: white shapes on black, so a channel reads coverage * 255.
@Suite struct ShapeTests {
    /// The area of pixel (px, py) inside the disc of radius r about (cx, cy), by the midpoint
    /// rule over 20 000 strips.
    static func discCoverage(cx: Double, cy: Double, r: Double, px: Int, py: Int) -> Double {
        let steps = 20_000
        var area = 0.0
        for i in 0..<steps {
            let x = Double(px) + (Double(i) + 0.5) / Double(steps)
            let dx = x - cx
            guard abs(dx) < r else { continue }
            let half = (r * r - dx * dx).squareRoot()
            let lo = max(cy - half, Double(py)), hi = min(cy + half, Double(py + 1))
            if hi > lo { area += (hi - lo) / Double(steps) }
        }
        return area
    }

    static func channel(_ canvas: Canvas, _ x: Int, _ y: Int) -> Int { Int(canvas.argb(x: x, y: y) >> 8 & 0xFF) }

    static func expectCoverage(_ canvas: Canvas, _ x: Int, _ y: Int, _ coverage: Double,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Int((coverage * 255).rounded())
        let actual = channel(canvas, x, y)
        #expect(abs(actual - expected) <= 1, "pixel \(x),\(y): \(actual), expected \(expected) (coverage \(coverage))",
                sourceLocation: sourceLocation)
    }

    @Test func circleEdgesMatchTheDiscArea() throws {
        let canvas = try Canvas(width: 24, height: 24)
        canvas.fill(.circle, in: Rect(x: 2, y: 2, width: 20, height: 20), color: .white)
        for (x, y) in [(2, 12), (11, 2), (4, 5), (5, 4), (3, 7), (18, 18), (19, 16), (12, 12), (2, 2), (6, 6)] {
            Self.expectCoverage(canvas, x, y, Self.discCoverage(cx: 12, cy: 12, r: 10, px: x, py: y))
        }
        #expect(Self.channel(canvas, 12, 12) == 255)
        #expect(Self.channel(canvas, 2, 2) == 0)
        #expect(Self.channel(canvas, 1, 12) == 0)
    }

    @Test func circleAtAFractionalPosition() throws {
        let canvas = try Canvas(width: 16, height: 16)
        canvas.fill(.circle, in: Rect(x: 2.3, y: 1.6, width: 11, height: 11), color: .white)
        for (x, y) in [(2, 7), (7, 1), (3, 3), (12, 10), (13, 7), (8, 12), (7, 7)] {
            Self.expectCoverage(canvas, x, y, Self.discCoverage(cx: 7.8, cy: 7.1, r: 5.5, px: x, py: y))
        }
    }

    @Test func roundedRectangleCornersAndEdges() throws {
        let canvas = try Canvas(width: 60, height: 40)
        let radii = CornerRadii(topLeading: 8, topTrailing: 3, bottomLeading: 0, bottomTrailing: 12)
        canvas.fill(.roundedRectangle(radii), in: Rect(x: 5, y: 4, width: 50, height: 30), color: .white)
        // Top-left arc: centre (13, 12), radius 8.
        for (x, y) in [(5, 8), (6, 6), (7, 5), (9, 4), (5, 11)] {
            Self.expectCoverage(canvas, x, y, Self.discCoverage(cx: 13, cy: 12, r: 8, px: x, py: y))
        }
        // Top-right arc: centre (52, 7), radius 3; bottom-right: centre (43, 22), radius 12.
        Self.expectCoverage(canvas, 54, 4, Self.discCoverage(cx: 52, cy: 7, r: 3, px: 54, py: 4))
        for (x, y) in [(54, 25), (50, 31), (45, 33), (53, 29)] {
            Self.expectCoverage(canvas, x, y, Self.discCoverage(cx: 43, cy: 22, r: 12, px: x, py: y))
        }
        // The square bottom-left corner and straight edges are fully covered; outside is not.
        #expect(Self.channel(canvas, 5, 33) == 255 && Self.channel(canvas, 30, 4) == 255 && Self.channel(canvas, 54, 15) == 255)
        #expect(Self.channel(canvas, 4, 20) == 0 && Self.channel(canvas, 30, 34) == 0 && Self.channel(canvas, 55, 15) == 0)
    }

    @Test func oversizedRadiiScaleDownToACapsule() throws {
        let a = try Canvas(width: 50, height: 30), b = try Canvas(width: 50, height: 30)
        a.fill(.roundedRectangle(cornerRadius: 500), in: Rect(x: 5, y: 5, width: 40, height: 20), color: .white)
        b.fill(.capsule, in: Rect(x: 5, y: 5, width: 40, height: 20), color: .white)
        for y in 0..<30 { for x in 0..<50 { #expect(a.argb(x: x, y: y) == b.argb(x: x, y: y)) } }
        // Capsule ends are half discs of radius 10 about (15, 15) and (35, 15).
        for (x, y) in [(5, 15), (7, 9), (12, 5)] {
            Self.expectCoverage(b, x, y, Self.discCoverage(cx: 15, cy: 15, r: 10, px: x, py: y))
        }
        Self.expectCoverage(b, 43, 20, Self.discCoverage(cx: 35, cy: 15, r: 10, px: 43, py: 20))
        #expect(Self.channel(b, 25, 5) == 255)
    }

    @Test func rectangleWithFractionalEdgesIsSeparable() throws {
        let canvas = try Canvas(width: 8, height: 8)
        canvas.fill(.rectangle, in: Rect(x: 1.25, y: 2.5, width: 3.5, height: 2), color: .white)
        Self.expectCoverage(canvas, 1, 2, 0.75 * 0.5)
        Self.expectCoverage(canvas, 2, 2, 0.5)
        Self.expectCoverage(canvas, 1, 3, 0.75)
        #expect(Self.channel(canvas, 2, 3) == 255 && Self.channel(canvas, 3, 3) == 255)
        Self.expectCoverage(canvas, 4, 3, 0.75)
        Self.expectCoverage(canvas, 4, 4, 0.75 * 0.5)
        #expect(Self.channel(canvas, 5, 3) == 0 && Self.channel(canvas, 2, 5) == 0 && Self.channel(canvas, 0, 3) == 0)
    }

    @Test func borderIsOuterMinusInner() throws {
        let canvas = try Canvas(width: 12, height: 12)
        canvas.strokeBorder(.rectangle, in: Rect(x: 1, y: 1, width: 10, height: 10), lineWidth: 1.5, color: .white)
        #expect(Self.channel(canvas, 1, 5) == 255)
        Self.expectCoverage(canvas, 2, 5, 0.5)
        #expect(Self.channel(canvas, 3, 5) == 0 && Self.channel(canvas, 6, 6) == 0)
        Self.expectCoverage(canvas, 2, 2, 1 - 0.25)
        #expect(Self.channel(canvas, 0, 5) == 0)
    }

    @Test func circleBorderIsARing() throws {
        let canvas = try Canvas(width: 24, height: 24)
        canvas.strokeBorder(.circle, in: Rect(x: 2, y: 2, width: 20, height: 20), lineWidth: 2.5, color: .white)
        for (x, y) in [(2, 12), (4, 12), (5, 12), (6, 6), (4, 7), (17, 17), (12, 19)] {
            let ring = Self.discCoverage(cx: 12, cy: 12, r: 10, px: x, py: y) - Self.discCoverage(cx: 12, cy: 12, r: 7.5, px: x, py: y)
            Self.expectCoverage(canvas, x, y, ring)
        }
        #expect(Self.channel(canvas, 12, 12) == 0)
    }

    @Test func roundedBorderThickerThanTheRadius() throws {
        let canvas = try Canvas(width: 30, height: 30)
        canvas.strokeBorder(.roundedRectangle(cornerRadius: 3), in: Rect(x: 0, y: 0, width: 30, height: 30),
                            lineWidth: 5, color: .white)
        // The inner edge is a sharp square at 5; the outer corner an arc of radius 3 about (3, 3).
        Self.expectCoverage(canvas, 0, 0, Self.discCoverage(cx: 3, cy: 3, r: 3, px: 0, py: 0))
        #expect(Self.channel(canvas, 4, 4) == 255 && Self.channel(canvas, 5, 5) == 0 && Self.channel(canvas, 4, 20) == 255)
        #expect(Self.channel(canvas, 5, 20) == 0)
    }

    @Test func tinyShapesUseOneMask() throws {
        let canvas = try Canvas(width: 4, height: 4)
        canvas.fill(.circle, in: Rect(x: 1, y: 1, width: 1.5, height: 1.5), color: .white)
        Self.expectCoverage(canvas, 1, 1, Self.discCoverage(cx: 1.75, cy: 1.75, r: 0.75, px: 1, py: 1))
        Self.expectCoverage(canvas, 2, 2, Self.discCoverage(cx: 1.75, cy: 1.75, r: 0.75, px: 2, py: 2))
    }

    @Test func opacityScalesTheColour() throws {
        let canvas = try Canvas(width: 10, height: 10)
        canvas.fill(.roundedRectangle(cornerRadius: 2), in: Rect(x: 0, y: 0, width: 10, height: 10), color: .white, opacity: 0.5)
        #expect(abs(Self.channel(canvas, 5, 5) - 128) <= 1)
        canvas.fill(.rectangle, in: Rect(x: 0, y: 0, width: 10, height: 10), color: PixelColor.white.opacity(0.5), opacity: 0.5)
        #expect(abs(Self.channel(canvas, 5, 5) - (128 + 32)) <= 2)
    }

    @Test func shapesAreClipped() throws {
        let canvas = try Canvas(width: 20, height: 20)
        canvas.withClip(PixelRect(x: 0, y: 0, width: 10, height: 20)) {
            canvas.fill(.circle, in: Rect(x: 0, y: 0, width: 20, height: 20), color: .white)
            canvas.strokeBorder(.capsule, in: Rect(x: 0, y: 0, width: 20, height: 20), lineWidth: 2, color: .white)
        }
        #expect(Self.channel(canvas, 9, 10) == 255)
        #expect(Self.channel(canvas, 10, 10) == 0 && Self.channel(canvas, 18, 10) == 0)
    }

    @Test func degenerateRectsDrawNothing() throws {
        let canvas = try Canvas(width: 10, height: 10)
        canvas.fill(.circle, in: Rect(x: 2, y: 2, width: 0, height: 5), color: .white)
        canvas.fill(.roundedRectangle(cornerRadius: 3), in: Rect(x: 2, y: 2, width: -4, height: 5), color: .white)
        canvas.fill(.rectangle, in: Rect(x: .nan, y: 2, width: 4, height: 5), color: .white)
        canvas.fill(.rectangle, in: Rect(x: 2, y: 2, width: .infinity, height: 5), color: .white)
        canvas.strokeBorder(.rectangle, in: Rect(x: 2, y: 2, width: 4, height: 4), lineWidth: 0, color: .white)
        for y in 0..<10 { for x in 0..<10 { #expect(canvas.argb(x: x, y: y) == 0xFF00_0000) } }
    }

    @Test func shapesOnLayersUseLogicalCoordinates() throws {
        let canvas = try Canvas(width: 40, height: 40)
        canvas.drawScaled(by: 1, about: .zero, clip: PixelRect(x: 10, y: 10, width: 20, height: 20)) { layer in
            layer.fill(.circle, in: Rect(x: 10, y: 10, width: 20, height: 20), color: .white)
        }
        Self.expectCoverage(canvas, 10, 20, Self.discCoverage(cx: 20, cy: 20, r: 10, px: 10, py: 20))
    }

    @Test("coveredPixels: every pixel it names is fully covered, and it names most of the shape")
    func coveredPixelsAreFullyCovered() throws {
        let shapes: [(Shape, Rect)] = [
            (.rectangle, Rect(x: 3.4, y: 5.6, width: 40.3, height: 20.2)),
            (.roundedRectangle(cornerRadius: 8), Rect(x: 2.5, y: 3.25, width: 50, height: 30)),
            (.roundedRectangle(CornerRadii(topLeading: 2, topTrailing: 12, bottomLeading: 0, bottomTrailing: 6)),
             Rect(x: 4, y: 4, width: 44, height: 28)),
            (.capsule, Rect(x: 1.5, y: 6, width: 56, height: 22)),
            (.circle, Rect(x: 6.3, y: 2.7, width: 36, height: 36)),
        ]
        for (shape, rect) in shapes {
            let canvas = try Canvas(width: 64, height: 48)
            canvas.fill(canvas.bounds, color: .black)
            canvas.fill(shape, in: rect, color: .white)
            let covered = shape.coveredPixels(in: rect)
            var area = 0
            for r in Region(covered).rects {
                area += r.area
                for y in r.y..<r.maxY {
                    for x in r.x..<r.maxX {
                        #expect(canvas.argb(x: x, y: y) == 0xFFFF_FFFF, "\(shape) pixel \(x),\(y)")
                    }
                }
            }
            var inked = 0
            for y in 0..<48 { for x in 0..<64 where Self.channel(canvas, x, y) > 0 { inked += 1 } }
            #expect(Double(area) > 0.55 * Double(inked), "\(shape): \(area) of \(inked) pixels")
        }
        #expect(Shape.circle.coveredPixels(in: Rect(x: 0, y: 0, width: .infinity, height: 10)).isEmpty)
    }
}
