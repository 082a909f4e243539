import Testing
@testable import KioskViews

@MainActor
@Suite("Color")
struct ColorTests {
    /// The colour of the pixel at the middle of a 40x40 host showing `view` on white.
    func centrePixel<V: View>(_ view: V) throws -> UInt32 {
        let host = UIHost(size: Size(width: 40, height: 40), background: .white, textEngine: textEngine) { view }
        let canvas = try Canvas(width: 40, height: 40)
        host.render(into: canvas)
        return canvas.argb(x: 20, y: 20) & 0xFFFFFF
    }

    @Test("SwiftUI's statics are iOS's light-mode system colours")
    func statics() {
        #expect(Color.red.pixelColor == PixelColor(red8: 0xFF, green8: 0x3B, blue8: 0x30))
        #expect(Color.blue.pixelColor == PixelColor(red8: 0x00, green8: 0x7A, blue8: 0xFF))
        #expect(Color.green.pixelColor == PixelColor(red8: 0x34, green8: 0xC7, blue8: 0x59))
        #expect(Color.accentColor == Color.blue)
        #expect(Color.primary == Color.black)
        #expect(Color.clear.pixelColor.alpha == 0)
        #expect(Color.secondary.pixelColor.alpha == 0.6)
        let statics: [Color] = [.red, .orange, .yellow, .green, .blue, .purple, .pink, .gray, .white, .black]
        #expect(Set(statics).count == statics.count, "every named colour is its own")
    }

    @Test("Initialisers and opacity work on the colour, not on a channel")
    func initialisers() {
        #expect(Color(red: 1, green: 0.5, blue: 0, opacity: 0.25).pixelColor == PixelColor(red: 1, green: 0.5, blue: 0, alpha: 0.25))
        #expect(Color(white: 0.5).pixelColor == PixelColor(red: 0.5, green: 0.5, blue: 0.5))
        #expect(Color.white.opacity(0.5).pixelColor == PixelColor(red: 1, green: 1, blue: 1, alpha: 0.5))
        #expect(Color.white.opacity(0.5).opacity(0.5).pixelColor.alpha == 0.25)
    }

    @Test("A colour is a view that fills what it is offered")
    func colourAsView() throws {
        #expect(try centrePixel(Color.red) == 0xFF3B30)
        let half = try centrePixel(Color.black.opacity(0.5))
        #expect((0x7F...0x80).contains(half & 0xFF) && half >> 16 == half & 0xFF, "black at 50% over white is mid grey")
    }

    @Test("Shapes take colours as styles; foregroundColor and tint reach shapes and buttons")
    func colourAsStyle() throws {
        #expect(try centrePixel(Rectangle().fill(.blue)) == 0x007AFF)
        #expect(try centrePixel(Circle().foregroundColor(.green)) == 0x34C759)
        #expect(try centrePixel(Rectangle().fill(.tint).tint(.purple)) == 0xAF52DE)
        #expect(try centrePixel(Rectangle().fill(.foreground).foregroundColor(.orange)) == 0xFF9500)
        #expect(try centrePixel(Rectangle().foregroundColor(.orange).foregroundColor(nil)) == 0xFF9500,
                "nil leaves the colour from outside")
        #expect(try centrePixel(Button("") {}.buttonStyle(.borderedProminent).tint(.pink).frame(width: 40, height: 40)) == 0xFF2D55)
    }
}
