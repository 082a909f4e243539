import Testing
import KioskGraphics

@Suite struct ImageDrawingTests {
    /// A 2x2 ARGB image: opaque red, green, blue and a transparent pixel.
    private func image() throws -> Canvas {
        let image = try Canvas(width: 2, height: 2, format: .argb8888)
        image.clear(PixelRect(x: 0, y: 0, width: 1, height: 1), color: PixelColor(red: 1, green: 0, blue: 0))
        image.clear(PixelRect(x: 1, y: 0, width: 1, height: 1), color: PixelColor(red: 0, green: 1, blue: 0))
        image.clear(PixelRect(x: 0, y: 1, width: 1, height: 1), color: PixelColor(red: 0, green: 0, blue: 1))
        return image
    }

    @Test func sameSizeIsABlit() throws {
        let canvas = try Canvas(width: 4, height: 4)
        canvas.fill(canvas.bounds, color: .white)
        canvas.draw(try image(), in: Rect(x: 1, y: 1, width: 2, height: 2))
        #expect(canvas.argb(x: 1, y: 1) == 0xFFFF_0000 && canvas.argb(x: 2, y: 1) == 0xFF00_FF00)
        #expect(canvas.argb(x: 1, y: 2) == 0xFF00_00FF && canvas.argb(x: 2, y: 2) == 0xFFFF_FFFF)
    }

    @Test func scaledUpImageIsInterpolated() throws {
        let canvas = try Canvas(width: 20, height: 20)
        canvas.draw(try image(), in: Rect(x: 0, y: 0, width: 20, height: 20))
        // Quadrant centres keep their colours; the middle of the top edge blends red and green.
        #expect(canvas.argb(x: 2, y: 2) == 0xFFFF_0000)
        #expect(canvas.argb(x: 17, y: 2) == 0xFF00_FF00)
        let mid = canvas.argb(x: 10, y: 2)
        #expect(mid >> 16 & 0xFF > 64 && mid >> 8 & 0xFF > 64)
        #expect(canvas.argb(x: 17, y: 17) == 0xFF00_0000)
    }

    @Test func opacityAndClipApply() throws {
        let canvas = try Canvas(width: 8, height: 8)
        canvas.withClip(PixelRect(x: 0, y: 0, width: 4, height: 8)) {
            canvas.draw(try! image(), in: Rect(x: 0, y: 0, width: 8, height: 8), opacity: 0.5)
        }
        #expect(abs(Int(canvas.argb(x: 0, y: 0) >> 16 & 0xFF) - 128) <= 1)
        #expect(canvas.argb(x: 6, y: 0) == 0xFF00_0000)
    }
}
