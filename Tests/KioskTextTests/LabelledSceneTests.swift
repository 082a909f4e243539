import KioskBench
import KioskGraphics
import KioskTestSupport
import KioskText
import Testing

/// The graphics reference scene with its labels ("Button N", DejaVu Sans Bold 24, white,
/// centred), drawn the way `kiosk bench` draws them.
@Suite struct LabelledSceneTests {
    func scene() -> ReferenceScene {
        ReferenceScene(width: 1280, height: 800) { canvas, string, rect in
            let text = RichText(string, style: TextStyle(size: 24, weight: .bold, color: .white))
            try? library.layout(text, alignment: .center).draw(on: canvas, in: rect)
        }
    }

    @Test func fullFrame() throws {
        let canvas = try Canvas(width: 1280, height: 800)
        scene().drawFull(on: canvas)
        try GoldenImage.check(canvas, named: "reference-labelled-full-1280x800")
    }

    @Test func pressedFrame() throws {
        let canvas = try Canvas(width: 1280, height: 800)
        let scene = scene()
        scene.drawFull(on: canvas)
        scene.drawPressed(on: canvas)
        try GoldenImage.check(canvas, named: "reference-labelled-pressed-1280x800")
    }

    /// The label's ink is centred in its button within a pixel both ways.
    @Test func labelIsCentredInItsButton() throws {
        let canvas = try Canvas(width: 1280, height: 800)
        scene().drawFull(on: canvas)
        let frame = scene().frame(ofButton: 6).enclosingPixels
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in frame.y..<frame.maxY {
            for x in frame.x..<frame.maxX where canvas.argb(x: x, y: y) & 0xFF > 0xF0 && (canvas.argb(x: x, y: y) >> 16) & 0xFF > 0xC0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        let inkCentre = (Double(minX + maxX + 1) / 2, Double(minY + maxY + 1) / 2)
        let buttonCentre = scene().frame(ofButton: 6).center
        #expect(abs(inkCentre.0 - buttonCentre.x) <= 1.5)
        #expect(abs(inkCentre.1 - buttonCentre.y) <= 1.5, "ink centre y \(inkCentre.1), button centre y \(buttonCentre.y)")
    }
}
