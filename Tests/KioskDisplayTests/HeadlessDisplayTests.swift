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

@Suite struct RotatedPresentTests {
    /// A UI 6x4 with one marked pixel at (1, 0) and a damaged block in the corner.
    private func present(turns: Int) throws -> HeadlessDisplay {
        let display = try HeadlessDisplay(width: 6, height: 4, rotation: ScreenRotation(degrees: turns * 90)!)
        display.canvas.fill(display.canvas.bounds, color: .white)
        display.canvas.fill(PixelRect(x: 1, y: 0, width: 1, height: 1), color: .systemRed)
        display.present(damage: Region(PixelRect(x: 0, y: 0, width: 3, height: 2)))
        return display
    }

    @Test func quarterTurnPutsTheTopEdgeOnTheRight() throws {
        let display = try present(turns: 1)
        #expect(display.size == Size(width: 6, height: 4))
        #expect(display.frame.width == 4 && display.frame.height == 6)
        // UI (x, y) -> panel (panelWidth - 1 - y, x).
        #expect(display.frame.argb(x: 3, y: 1) == 0xFFFF_3B30)
        #expect(display.frame.argb(x: 2, y: 2) == 0xFFFF_FFFF)
        #expect(display.frame.argb(x: 1, y: 2) == 0xFF00_0000)
        #expect(display.frame.argb(x: 3, y: 3) == 0xFF00_0000)
    }

    @Test func halfTurn() throws {
        let display = try present(turns: 2)
        // UI (x, y) -> panel (5 - x, 3 - y).
        #expect(display.frame.argb(x: 4, y: 3) == 0xFFFF_3B30)
        #expect(display.frame.argb(x: 3, y: 2) == 0xFFFF_FFFF)
        #expect(display.frame.argb(x: 2, y: 2) == 0xFF00_0000)
    }

    @Test func threeQuarterTurns() throws {
        let display = try present(turns: 3)
        #expect(display.frame.width == 4 && display.frame.height == 6)
        // UI (x, y) -> panel (y, panelHeight - 1 - x).
        #expect(display.frame.argb(x: 0, y: 4) == 0xFFFF_3B30)
        #expect(display.frame.argb(x: 1, y: 3) == 0xFFFF_FFFF)
        #expect(display.frame.argb(x: 2, y: 3) == 0xFF00_0000)
        #expect(display.frame.argb(x: 0, y: 2) == 0xFF00_0000)
    }

    @Test func panelRectMatchesThePixels() {
        let ui = Size(width: 6, height: 4)
        #expect(Canvas.panelRect(PixelRect(x: 0, y: 0, width: 3, height: 2), uiSize: ui, quarterTurns: 1) == PixelRect(x: 2, y: 0, width: 2, height: 3))
        #expect(Canvas.panelRect(PixelRect(x: 0, y: 0, width: 3, height: 2), uiSize: ui, quarterTurns: 2) == PixelRect(x: 3, y: 2, width: 3, height: 2))
        #expect(Canvas.panelRect(PixelRect(x: 0, y: 0, width: 3, height: 2), uiSize: ui, quarterTurns: -1) == PixelRect(x: 0, y: 3, width: 2, height: 3))
    }
}
