import KioskGraphics
import Testing
@testable import KioskViews

/// A layer that only moves an opaque picture by whole pixels (a screen while screens
/// change) is drawn in place, without a layer, and gives the layer's pixels: to the bit
/// where the coordinates move exactly (quarters and eighths of a pixel, as here).
@MainActor
@Suite("Opaque layer moves")
struct OpaqueLayerMoveTests {
    private static let bounds = Rect(x: 0, y: 0, width: 240, height: 150)
    private static let ops: [DrawOp] = [
        .fill(.rectangle, bounds, .color(PixelColor(red: 0.95, green: 0.95, blue: 0.97)), opacity: 1, shadow: nil),
        .fill(.roundedRectangle(CornerRadii(12)), Rect(x: 20.5, y: 20.25, width: 120, height: 50),
              .color(PixelColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7)), opacity: 0.8, shadow: Shadow(radius: 6, y: 3)),
        .border(.capsule, Rect(x: 150, y: 90.5, width: 70, height: 30), lineWidth: 2, .color(.black), opacity: 0.6),
        .text(StyledText(runs: [StyledText.Run(string: "Pay 4,20 € 按钮", font: .body, color: .black, isUnderlined: true)]),
              Rect(x: 100.125, y: 100, width: 130, height: 30)),
        .fill(.rectangle, bounds, .color(.black), opacity: 0.1, shadow: nil),
    ]

    @Test("Moved by whole pixels, an opaque group draws what its layer composites", arguments: [(-80, 0), (-101, 0), (150, 0), (0, -45), (7, 9)])
    func sameAsTheLayer(dx: Int, dy: Int) throws {
        let group = DrawGroup(Self.ops)
        var effect = LayerEffect()
        effect.transform = LayerTransform(translationX: Double(dx), y: Double(dy))
        #expect(group.isOpaque)
        #expect(effect.wholePixelMove == PixelOffset(x: dx, y: dy))
        let renderer = DisplayListRenderer(textEngine: textEngine)
        let direct = try Canvas(width: 260, height: 170), layered = try Canvas(width: 260, height: 170)
        for canvas in [direct, layered] { canvas.fill(.rectangle, in: Rect(x: 0, y: 0, width: 260, height: 170), color: .white) }
        renderer.draw(.layer(effect, group), on: direct)
        layered.drawLayer(bounds: group.bounds, transform: effect.transform) { layer in
            for op in group.ops { renderer.draw(op, on: layer) }
        }
        var differences = 0
        for y in 0..<170 {
            for x in 0..<260 where direct.argb(x: x, y: y) != layered.argb(x: x, y: y) { differences += 1 }
        }
        #expect(differences == 0)
    }

    @Test("A group that is not opaque, or an effect that is more than a whole-pixel move, keeps its layer")
    func otherwiseALayer() {
        #expect(!DrawGroup(Array(Self.ops.dropFirst())).isOpaque)
        var faded = LayerEffect()
        faded.opacity = 0.5
        var halfPixel = LayerEffect()
        halfPixel.transform = LayerTransform(translationX: 0.5, y: 0)
        var scaled = LayerEffect()
        scaled.transform = LayerTransform(scaleX: 2, y: 2, about: Point(x: 0, y: 0))
        for effect in [faded, halfPixel, scaled] { #expect(effect.wholePixelMove == nil) }
    }
}
