import Testing
@testable import KioskGraphics

@Suite("Moving pixels within a canvas")
struct CanvasMoveTests {
    /// A canvas whose every pixel holds its own coordinates, so a moved pixel tells where it came from.
    private func numbered(width: Int, height: Int, pitch: Int? = nil) throws -> Canvas {
        let canvas = try Canvas(width: width, height: height, format: .xrgb8888, pitch: pitch)
        for y in 0..<height {
            for x in 0..<width {
                canvas.baseAddress.storeBytes(of: UInt32(y << 8 | x), toByteOffset: y * canvas.pitch + x * 4, as: UInt32.self)
            }
        }
        return canvas
    }

    private func value(_ canvas: Canvas, _ x: Int, _ y: Int) -> Int { Int(canvas.argb(x: x, y: y) & 0xFFFF) }

    @Test("A move up, down, left or right by less than the rectangle takes each pixel from where it was, overlap or not",
          arguments: [(0, -3), (0, 3), (-2, 0), (2, 0), (1, -1), (0, -7)])
    func move(dx: Int, dy: Int) throws {
        for (canvas, rect) in [(try numbered(width: 12, height: 10), PixelRect(x: 0, y: 0, width: 12, height: 10)),
                               (try numbered(width: 12, height: 10), PixelRect(x: 2, y: 1, width: 8, height: 8)),
                               (try numbered(width: 12, height: 10, pitch: 64), PixelRect(x: 0, y: 0, width: 12, height: 10))] {
            canvas.move(rect, dx: dx, dy: dy)
            for y in 0..<10 {
                for x in 0..<12 {
                    let inside = rect.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                    let source = (x - dx, y - dy)
                    let fromInside = rect.contains(PixelRect(x: source.0, y: source.1, width: 1, height: 1))
                    let expected = inside && fromInside ? source.1 << 8 | source.0 : y << 8 | x
                    #expect(value(canvas, x, y) == expected, "(\(x), \(y)) moving \(rect) by (\(dx), \(dy))")
                }
            }
        }
    }

    @Test("A move as long as the rectangle, or of nothing, leaves every pixel")
    func noMove() throws {
        let canvas = try numbered(width: 8, height: 8)
        canvas.move(PixelRect(x: 0, y: 0, width: 8, height: 4), dx: 0, dy: 4)
        canvas.move(PixelRect(x: 0, y: 0, width: 8, height: 8), dx: 0, dy: 0)
        canvas.move(PixelRect(x: 20, y: 20, width: 8, height: 8), dx: 0, dy: 1)
        for y in 0..<8 { for x in 0..<8 { #expect(value(canvas, x, y) == y << 8 | x) } }
    }
}
