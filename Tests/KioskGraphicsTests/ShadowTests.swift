import Testing
@testable import KioskGraphics

@Suite struct ShadowTests {
    static func red(_ canvas: Canvas, _ x: Int, _ y: Int) -> Int { Int(canvas.argb(x: x, y: y) >> 16 & 0xFF) }

    @Test func shadowOfAStraightEdgeIsHalfStrengthOnTheEdge() throws {
        let canvas = try Canvas(width: 100, height: 100)
        canvas.fill(canvas.bounds, color: .white)
        let shadow = Shadow(color: PixelColor.black.opacity(0.3), radius: 6, x: 0, y: 0)
        canvas.drawShadow(of: .rectangle, in: Rect(x: 20, y: 20, width: 60, height: 60), shadow)
        // Deep inside: full strength, 255 * 0.7.
        #expect(abs(Self.red(canvas, 50, 50) - 178) <= 1)
        // The edge at x = 20 lies between pixels 19 and 20; together they average half strength.
        let mean = Double(Self.red(canvas, 19, 50) + Self.red(canvas, 20, 50)) / 2
        #expect(abs(mean - 255 * 0.85) <= 2)
        // Sigma 3: the shadow fades out within 3 sigma.
        #expect(Self.red(canvas, 20 - shadow.extent - 1, 50) == 255)
        #expect(Self.red(canvas, 12, 50) > Self.red(canvas, 17, 50))
    }

    @Test func shadowIsOffsetAndHiddenUnderAnOpaqueShape() throws {
        let canvas = try Canvas(width: 100, height: 100)
        canvas.fill(canvas.bounds, color: .white)
        let shadow = Shadow(color: PixelColor.black.opacity(0.3), radius: 5, x: 0, y: 3)
        canvas.fill(.roundedRectangle(cornerRadius: 8), in: Rect(x: 20, y: 20, width: 60, height: 40), color: .accent, shadow: shadow)
        #expect(canvas.argb(x: 50, y: 40) == PixelColor.accent.premultipliedARGB)
        #expect(canvas.argb(x: 50, y: 59) == PixelColor.accent.premultipliedARGB)
        // Below the shape the shadow is darker than above it (offset y 3).
        #expect(Self.red(canvas, 50, 62) < Self.red(canvas, 50, 17))
        #expect(Self.red(canvas, 50, 62) < 230)
    }

    @Test func shadowOfAShapeOutsideTheClipStillLands() throws {
        let canvas = try Canvas(width: 60, height: 60)
        canvas.fill(canvas.bounds, color: .white)
        canvas.withClip(PixelRect(x: 0, y: 41, width: 60, height: 19)) {
            canvas.fill(.rectangle, in: Rect(x: 10, y: 10, width: 40, height: 30), color: .accent,
                        shadow: Shadow(color: .black, radius: 4, x: 0, y: 2))
        }
        #expect(Self.red(canvas, 30, 41) < 200)
        #expect(canvas.argb(x: 30, y: 39) == 0xFFFF_FFFF)
    }

    @Test func absurdShadowsDrawNothing() throws {
        let canvas = try Canvas(width: 20, height: 20)
        canvas.fill(canvas.bounds, color: .white)
        for shadow in [Shadow(radius: .nan), Shadow(radius: 1e9), Shadow(radius: 2, x: .infinity), Shadow(radius: -3, y: 1e12)] {
            canvas.drawShadow(of: .rectangle, in: Rect(x: 5, y: 5, width: 10, height: 10), shadow)
        }
        canvas.drawShadow(of: .rectangle, in: Rect(x: .nan, y: 5, width: 10, height: 10), Shadow(radius: 2))
        #expect((0..<20).allSatisfy { canvas.argb(x: $0, y: 10) == 0xFFFF_FFFF })
    }

    @Test func blurredMasksAreCached() {
        let outline = Shape.roundedRectangle(cornerRadius: 16).outline(in: Rect(x: 40, y: 40, width: 280, height: 120))
        let a = ShadowMask.mask(for: outline, radius: 5)
        let b = ShadowMask.mask(for: outline.offsetBy(dx: 304, dy: 144), radius: 5)
        #expect(a.shadow === b.shadow)
        #expect(b.x == a.x + 304 && b.y == a.y + 144)
        let c = ShadowMask.mask(for: outline.offsetBy(dx: 0.5, dy: 0), radius: 5)
        #expect(c.shadow !== a.shadow)
        // Positions snap to quarter pixels: 0.49 and 0.51 share the mask of 0.5.
        #expect(ShadowMask.mask(for: outline.offsetBy(dx: 0.49, dy: 0), radius: 5).shadow === c.shadow)
        #expect(ShadowMask.mask(for: outline.offsetBy(dx: 0.51, dy: 0), radius: 5).shadow === c.shadow)
    }

    @Test func lruCacheForgetsTheLeastRecentlyUsed() {
        let cache = LRUCache<Int, String>(capacity: 2, byteLimit: 100) { _ in 1 }
        var made = 0
        func get(_ k: Int) -> String { cache.value(for: k) { made += 1; return "\(k)" } }
        _ = get(1); _ = get(2); _ = get(1); _ = get(3)
        #expect(made == 3 && cache.count == 2)
        _ = get(1)
        #expect(made == 3)
        _ = get(2)
        #expect(made == 4)
    }

    @Test func lruCacheStaysWithinItsBytes() {
        let cache = LRUCache<Int, String>(capacity: 10, byteLimit: 10) { $0.count }
        var made = 0
        func get(_ k: Int) -> String { cache.value(for: k) { made += 1; return String(repeating: "x", count: k) } }
        _ = get(4); _ = get(5)
        #expect(cache.count == 2 && cache.bytes == 9)
        _ = get(3)  // 12 bytes: the least recently used (4) goes
        #expect(cache.count == 2 && cache.bytes == 8)
        _ = get(4)
        #expect(made == 4)
        _ = get(11)  // dearer than the whole cache: made, not kept
        #expect(cache.bytes <= 10 && made == 5)
        _ = get(11)
        #expect(made == 6)
    }
}
