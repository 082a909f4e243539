import Foundation
import Testing
import KioskDisplay
import KioskGraphics

@Suite struct HeadlessDisplayTests {
    @Test func presentCopiesOnlyTheDamage() throws {
        let display = try HeadlessDisplay(width: 20, height: 10)
        #expect(display.size == Size(width: 20, height: 10))
        display.canvas.fill(display.canvas.bounds, color: .white)
        display.present(damage: Region(PixelRect(x: 0, y: 0, width: 5, height: 5)))
        #expect(display.presentedFrames == 1)
        #expect(display.frame.argb(x: 4, y: 4) == 0xFFFF_FFFF)
        #expect(display.frame.argb(x: 5, y: 4) == 0xFF00_0000)
        display.present(damage: Region(PixelRect(x: 15, y: 5, width: 100, height: 100)))
        #expect(display.presentedFrames == 2)
        #expect(display.lastDamage.bounds == PixelRect(x: 15, y: 5, width: 5, height: 5))
        #expect(display.frame.argb(x: 19, y: 9) == 0xFFFF_FFFF)
        #expect(display.frame.argb(x: 10, y: 9) == 0xFF00_0000)
    }

    @Test func convertsToTheOutputFormat() throws {
        let display = try HeadlessDisplay(width: 4, height: 4, format: .rgb565)
        display.canvas.fill(display.canvas.bounds, color: .accent)
        display.present(damage: Region(display.canvas.bounds))
        #expect(display.frame.format == .rgb565)
        #expect(display.frame.argb(x: 3, y: 3) == 0xFF00_79FF)
    }

    @Test func writesTheFrameAsPNG() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        display.canvas.fill(display.canvas.bounds, color: .systemRed)
        display.present(damage: Region(PixelRect(x: 0, y: 0, width: 8, height: 4)))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("headless-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try display.writePNG(to: path)
        let image = try Canvas(pngFile: path)
        #expect(image.argb(x: 0, y: 3) == 0xFFFF_3B30)
        #expect(image.argb(x: 0, y: 4) == 0xFF00_0000)
    }

    @Test func rejectsEmptySize() {
        #expect(throws: CanvasError.self) { try HeadlessDisplay(width: 0, height: 480) }
    }
}
