import Testing
@testable import KioskGraphics

@Suite struct ScaledDrawingTests {
    @Test func subtreeIsScaledAboutTheAnchor() throws {
        let canvas = try Canvas(width: 100, height: 100)
        canvas.drawScaled(by: 0.5, about: Point(x: 50, y: 50), clip: PixelRect(x: 30, y: 30, width: 40, height: 40)) { layer in
            layer.fill(.rectangle, in: Rect(x: 40, y: 40, width: 20, height: 20), color: .white)
        }
        #expect(canvas.argb(x: 50, y: 50) == 0xFFFF_FFFF)
        #expect(canvas.argb(x: 46, y: 46) == 0xFFFF_FFFF && canvas.argb(x: 53, y: 53) == 0xFFFF_FFFF)
        #expect(canvas.argb(x: 43, y: 50) == 0xFF00_0000 && canvas.argb(x: 56, y: 50) == 0xFF00_0000)
    }

    @Test func bilinearEdgesAreBlended() throws {
        let canvas = try Canvas(width: 100, height: 100)
        canvas.drawScaled(by: 0.95, about: Point(x: 55, y: 50), clip: PixelRect(x: 0, y: 0, width: 100, height: 100)) { layer in
            layer.fill(.rectangle, in: Rect(x: 10, y: 10, width: 80, height: 80), color: .white)
        }
        // The left edge moves from 10 to 55 - 45 * 0.95 = 12.25. Pixel 12's centre maps back
        // to 10.263, 0.763 of the way from the clear pixel centre 9.5 to the white one at 10.5.
        #expect(canvas.argb(x: 11, y: 50) & 0xFF == 0)
        #expect(abs(Int(canvas.argb(x: 12, y: 50) & 0xFF) - 195) <= 3)
        #expect(canvas.argb(x: 13, y: 50) & 0xFF == 255)
    }

    @Test func cachedLayerIsDrawnOnce() throws {
        let canvas = try Canvas(width: 60, height: 60)
        var calls = 0
        for _ in 0..<3 {
            canvas.drawScaled(by: 0.9, about: Point(x: 30, y: 30), clip: PixelRect(x: 10, y: 10, width: 40, height: 40), cacheKey: "k") { layer in
                calls += 1
                layer.fill(.circle, in: Rect(x: 10, y: 10, width: 40, height: 40), color: .white)
            }
        }
        #expect(calls == 1)
        canvas.invalidateLayer(for: "k")
        canvas.drawScaled(by: 0.9, about: Point(x: 30, y: 30), clip: PixelRect(x: 10, y: 10, width: 40, height: 40), cacheKey: "k") { _ in
            calls += 1
        }
        #expect(calls == 2)
        #expect(canvas.argb(x: 30, y: 30) == 0xFFFF_FFFF)
    }

    @Test func scaledDrawingIsClipped() throws {
        let canvas = try Canvas(width: 40, height: 40)
        canvas.withClip(PixelRect(x: 0, y: 0, width: 20, height: 40)) {
            canvas.drawScaled(by: 0.5, about: Point(x: 20, y: 20), clip: PixelRect(x: 0, y: 0, width: 40, height: 40)) { layer in
                layer.fill(layer.bounds, color: .white)
            }
        }
        #expect(canvas.argb(x: 15, y: 20) == 0xFFFF_FFFF)
        #expect(canvas.argb(x: 25, y: 20) == 0xFF00_0000)
    }

    @Test func cachedBlitMatchesTheDirectComposite() throws {
        let direct = try Canvas(width: 120, height: 80), cached = try Canvas(width: 120, height: 80)
        let clip = PixelRect(x: 10, y: 10, width: 100, height: 60), anchor = Point(x: 60.3, y: 40)
        let body: (Canvas) -> Void = {
            $0.fill(.roundedRectangle(cornerRadius: 10), in: Rect(x: 10, y: 10, width: 100, height: 60), color: .accent)
        }
        direct.fill(direct.bounds, color: .white)
        direct.drawScaled(by: 0.95, about: anchor, clip: clip, body)
        // The first draw composites from the layer, the second keeps the scaled picture,
        // the third blits it.
        for _ in 0..<3 {
            cached.fill(cached.bounds, color: .white)
            cached.drawScaled(by: 0.95, about: anchor, clip: clip, cacheKey: 1, body)
        }
        var worst = 0
        for y in 0..<80 {
            for x in 0..<120 {
                let a = direct.argb(x: x, y: y), b = cached.argb(x: x, y: y)
                for shift: UInt32 in [0, 8, 16] { worst = max(worst, abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF))) }
            }
        }
        // Two roundings (into the layer, then onto the canvas) instead of one.
        #expect(worst <= 2)
        #expect(direct.argb(x: 60, y: 40) == PixelColor.accent.premultipliedARGB)
    }

    @Test func animatedScalesMatchUncachedDraws() throws {
        let cached = try Canvas(width: 60, height: 60), direct = try Canvas(width: 60, height: 60)
        let clip = PixelRect(x: 10, y: 10, width: 40, height: 40)
        let body: (Canvas) -> Void = { $0.fill(.circle, in: Rect(x: 10, y: 10, width: 40, height: 40), color: .white) }
        for scale in [1.0, 0.98, 0.96, 0.95, 0.95, 0.95, 0.97, 1.0] {
            for canvas in [cached, direct] { canvas.fill(canvas.bounds, color: .black) }
            cached.drawScaled(by: scale, about: Point(x: 30, y: 30), clip: clip, cacheKey: "anim", body)
            direct.drawScaled(by: scale, about: Point(x: 30, y: 30), clip: clip, body)
            var worst = 0
            for y in 0..<60 {
                for x in 0..<60 { worst = max(worst, abs(Int(cached.argb(x: x, y: y) & 0xFF) - Int(direct.argb(x: x, y: y) & 0xFF))) }
            }
            #expect(worst <= 2, "scale \(scale)")
        }
    }

    @Test func opaqueCoreCoversTheOpaqueMiddle() throws {
        let layer = try Canvas(layer: PixelRect(x: 5, y: 7, width: 100, height: 60), format: .argb8888)
        layer.fill(.roundedRectangle(cornerRadius: 12), in: Rect(x: 5.5, y: 7.5, width: 99, height: 59), color: .accent)
        let core = layer.opaqueCore()
        #expect(core.count == 3)
        var area = 0
        for r in core {
            area += r.area
            for y in r.y..<r.maxY { for x in r.x..<r.maxX { #expect(layer.argb(x: x, y: y) >> 24 == 0xFF) } }
        }
        #expect(Double(area) > 0.85 * 99 * 59)
    }

    @Test func extremeScalesAndRectsDoNotTrap() throws {
        let canvas = try Canvas(width: 20, height: 20)
        for scale in [1e-9, 1e9, -1, .nan, .infinity] {
            canvas.drawScaled(by: scale, about: Point(x: 10, y: 10), clip: canvas.bounds) { $0.fill($0.bounds, color: .white) }
        }
        let image = try Canvas(width: 2, height: 2, format: .argb8888)
        for rect in [Rect(x: 0, y: 0, width: 1e12, height: 5), Rect(x: -1e12, y: 0, width: 5, height: 5),
                     Rect(x: 0, y: 0, width: 1e-9, height: 1e-9)] {
            canvas.draw(image, in: rect)
        }
        // Reaching here is the test: a trap in a fixed-point conversion would end the run.
        #expect(canvas.width == 20)
    }
}
