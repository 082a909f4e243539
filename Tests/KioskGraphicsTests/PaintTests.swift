import Testing
@testable import KioskGraphics

@Suite struct PaintTests {
    static func green(_ canvas: Canvas, _ x: Int, _ y: Int) -> Int { Int(canvas.argb(x: x, y: y) >> 8 & 0xFF) }

    @Test func linearGradientInterpolatesAlongTheShape() throws {
        let canvas = try Canvas(width: 256, height: 4)
        let paint = Paint.linearGradient(stops: [GradientStop(color: .black, location: 0), GradientStop(color: .white, location: 1)],
                                         start: .leading, end: .trailing)
        canvas.fill(.rectangle, in: Rect(x: 0, y: 0, width: 256, height: 4), paint: paint)
        // Sampled at pixel centres: value = 255 * (x + 0.5) / 256.
        for x in [0, 64, 128, 200, 255] {
            #expect(abs(Self.green(canvas, x, 2) - Int((255 * (Double(x) + 0.5) / 256).rounded())) <= 2, "x \(x)")
        }
    }

    @Test func gradientFollowsRoundedEdgesAndOpacity() throws {
        let canvas = try Canvas(width: 40, height: 40)
        let paint = Paint.linearGradient(stops: [GradientStop(color: .white, location: 0), GradientStop(color: .white, location: 1)],
                                         start: .top, end: .bottom)
        canvas.fill(.circle, in: Rect(x: 0, y: 0, width: 40, height: 40), paint: paint, opacity: 0.5)
        #expect(abs(Self.green(canvas, 20, 20) - 128) <= 1)
        let edge = ShapeTests.discCoverage(cx: 20, cy: 20, r: 20, px: 3, py: 8)
        #expect(abs(Self.green(canvas, 3, 8) - Int((edge * 0.5 * 255).rounded())) <= 2)
        #expect(Self.green(canvas, 0, 0) == 0)
    }

    @Test func radialGradientRunsFromTheCentre() throws {
        let canvas = try Canvas(width: 41, height: 41)
        let paint = Paint.radialGradient(stops: [GradientStop(color: .white, location: 0), GradientStop(color: .black, location: 1)],
                                         center: .center, startRadius: 0, endRadius: 20)
        canvas.fill(.rectangle, in: Rect(x: 0, y: 0, width: 41, height: 41), paint: paint)
        #expect(Self.green(canvas, 20, 20) >= 250)
        // Pixel centre (30.5, 20.5) is 10 from the centre (20.5, 20.5): half way.
        #expect(abs(Self.green(canvas, 30, 20) - 128) <= 3)
        #expect(Self.green(canvas, 40, 20) <= 2 && Self.green(canvas, 0, 0) <= 2)
    }

    @Test func opaquePaintIsRecognised() {
        #expect(Paint.color(.accent).isOpaque)
        #expect(!Paint.color(PixelColor.accent.opacity(0.5)).isOpaque)
        #expect(!Paint.linearGradient(stops: [GradientStop(color: .clear, location: 0)], start: .top, end: .bottom).isOpaque)
    }
}
