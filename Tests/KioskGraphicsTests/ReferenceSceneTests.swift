import Testing
import KioskTestSupport
import KioskBench
import KioskGraphics

@Suite struct ReferenceSceneTests {
    @Test func gridMatchesTheSpecification() {
        let scene = ReferenceScene(width: 1280, height: 800)
        #expect(scene.frame(ofButton: 1) == Rect(x: 40, y: 40, width: 280, height: 120))
        #expect(scene.frame(ofButton: 6) == Rect(x: 344, y: 184, width: 280, height: 120))
        #expect(scene.frame(ofButton: 12) == Rect(x: 952, y: 328, width: 280, height: 120))
        #expect(scene.color(ofButton: 4) == .systemRed && scene.color(ofButton: 8) == .systemRed)
        #expect(scene.color(ofButton: 5) == .accent)
        let small = ReferenceScene(width: 800, height: 480)
        // (800 - 80 - 72) / 4 = 162, (480 - 80 - 48) / 3 = 117.
        #expect(small.frame(ofButton: 12) == Rect(x: 40 + 3 * 186, y: 40 + 2 * 141, width: 162, height: 117))
    }

    @Test func fullFrame() throws {
        let canvas = try Canvas(width: 1280, height: 800)
        ReferenceScene(width: 1280, height: 800).drawFull(on: canvas)
        try GoldenImage.check(canvas, named: "reference-full-1280x800")
    }

    @Test func pressedFrameRedrawsOnlyTheButtonsDamage() throws {
        let scene = ReferenceScene(width: 1280, height: 800)
        let canvas = try Canvas(width: 1280, height: 800)
        scene.drawFull(on: canvas)
        let before = try Canvas(width: 1280, height: 800)
        before.copy(from: canvas, rect: canvas.bounds)
        scene.drawPressed(on: canvas)
        try GoldenImage.check(canvas, named: "reference-pressed-1280x800")
        let damage = scene.damage(ofButton: 6)
        var changedOutside = 0
        for y in stride(from: 0, to: 800, by: 2) {
            for x in stride(from: 0, to: 1280, by: 2) where !(x >= damage.x && x < damage.maxX && y >= damage.y && y < damage.maxY) {
                if canvas.argb(x: x, y: y) != before.argb(x: x, y: y) { changedOutside += 1 }
            }
        }
        #expect(changedOutside == 0)
        // The centre keeps the darkened fill; the released edge at 1% inside is background now.
        #expect(canvas.argb(x: 484, y: 244) == PixelColor.accent.darkened(by: 0.15).premultipliedARGB)
        #expect(canvas.argb(x: 346, y: 244) == ReferenceScene.background.premultipliedARGB)
    }
}
