import Testing
@testable import KioskGraphics

@Suite struct CanvasTests {
    @Test(arguments: [(0, 10), (10, 0), (-1, 5), (5, -3)])
    func rejectsBadSizes(_ size: (Int, Int)) {
        #expect(throws: CanvasError.invalidSize(width: size.0, height: size.1)) {
            try Canvas(width: size.0, height: size.1)
        }
    }

    @Test func rejectsPitchSmallerThanARow() {
        do {
            _ = try Canvas(width: 10, height: 2, format: .xrgb8888, pitch: 36)
            Issue.record("expected an error")
        } catch {
            #expect(error == .pitchTooSmall(pitch: 36, rowBytes: 40))
            #expect(error.description.contains("36") && error.description.contains("40"))
        }
    }

    @Test func rejectsHugeSizesWithoutOverflowing() {
        #expect(throws: CanvasError.invalidSize(width: Int.max, height: 1)) { try Canvas(width: Int.max, height: 1) }
        #expect(throws: CanvasError.invalidSize(width: 40000, height: 10)) { try Canvas(width: 40000, height: 10) }
        #expect(throws: CanvasError.tooLarge(pitch: Int.max - 3, height: 2)) {
            try Canvas(width: 10, height: 2, format: .xrgb8888, pitch: Int.max - 3)
        }
        #expect(throws: CanvasError.invalidSize(width: 0, height: 3)) { try AlphaMask(width: 0, height: 3) }
    }

    @Test func rejectsUnalignedPitch() {
        #expect(throws: CanvasError.pitchNotAligned(pitch: 22)) {
            try Canvas(width: 10, height: 2, format: .rgb565, pitch: 22)
        }
    }

    /// Rows of 32 pixels or fewer are written four at a time, the last four ending at the
    /// row's end: every width and offset fills exactly its rectangle.
    @Test func narrowFillsCoverExactlyTheirRectangle() throws {
        let red = try PixelColor(hex: "#FF3B30"), blue = try PixelColor(hex: "#007AFF")
        for width in 1...33 {
            for x in [0, 1, 3] {
                let canvas = try Canvas(width: 40, height: 4, format: .xrgb8888)
                canvas.fill(canvas.bounds, color: red)
                let rect = PixelRect(x: x, y: 1, width: width, height: 2)
                canvas.fill(rect, color: blue)
                for py in 0..<4 {
                    for px in 0..<40 {
                        let inside = px >= rect.x && px < rect.maxX && py >= rect.y && py < rect.maxY
                        #expect(canvas.argb(x: px, y: py) == (inside ? 0xFF00_7AFF : 0xFFFF_3B30),
                                "width \(width) at x \(x): pixel (\(px), \(py))")
                    }
                }
            }
        }
    }

    /// Several rectangles filled in one call come out as filling each alone does, inside
    /// the clip only, opaque or blended.
    @Test func fillingRectanglesAtOnceMatchesFillingEach() throws {
        let rects = [PixelRect(x: -3, y: 0, width: 5, height: 3), PixelRect(x: 4, y: 1, width: 40, height: 2),
                     PixelRect(x: 9, y: 5, width: 2, height: 9), PixelRect(x: 30, y: 30, width: 4, height: 4)]
        for color in [try PixelColor(hex: "#007AFF"), PixelColor(red: 1, green: 0.2, blue: 0, alpha: 0.5)] {
            let (together, apart) = (try Canvas(width: 12, height: 8, format: .xrgb8888), try Canvas(width: 12, height: 8, format: .xrgb8888))
            for canvas in [together, apart] { canvas.fill(canvas.bounds, color: .white) }
            let clip = PixelRect(x: 1, y: 0, width: 10, height: 7)
            together.withClip(clip) { together.fill(rects, color: color) }
            apart.withClip(clip) { for rect in rects { apart.fill(rect, color: color) } }
            for y in 0..<8 {
                for x in 0..<12 {
                    #expect(together.argb(x: x, y: y) == apart.argb(x: x, y: y), "pixel (\(x), \(y))")
                }
            }
            #expect(together.argb(x: 0, y: 0) == 0xFFFF_FFFF, "outside the clip")
            #expect(together.argb(x: 1, y: 0) != 0xFFFF_FFFF, "inside the clip and the first rectangle")
        }
    }

    @Test func opaqueFillIsExact() throws {
        let canvas = try Canvas(width: 8, height: 6, format: .xrgb8888)
        canvas.fill(PixelRect(x: 2, y: 1, width: 3, height: 2), color: try PixelColor(hex: "#007AFF"))
        #expect(canvas.argb(x: 2, y: 1) == 0xFF00_7AFF)
        #expect(canvas.argb(x: 4, y: 2) == 0xFF00_7AFF)
        #expect(canvas.argb(x: 5, y: 2) == 0xFF00_0000)
        #expect(canvas.argb(x: 2, y: 3) == 0xFF00_0000)
    }

    @Test func translucentFillBlends() throws {
        let canvas = try Canvas(width: 2, height: 2, format: .xrgb8888)
        canvas.fill(canvas.bounds, color: .white)
        canvas.fill(canvas.bounds, color: PixelColor.black.opacity(0.5))
        #expect(canvas.argb(x: 0, y: 0) == 0xFF7F_7F7F || canvas.argb(x: 0, y: 0) == 0xFF80_8080)
    }

    @Test func pitchLargerThanRowIsHonoured() throws {
        let canvas = try Canvas(width: 3, height: 3, format: .xrgb8888, pitch: 64)
        canvas.fill(canvas.bounds, color: .white)
        let words = canvas.baseAddress.assumingMemoryBound(to: UInt32.self)
        // Row 1 starts 16 words in; the padding after each row stays untouched.
        #expect(words[16] & 0xFFFFFF == 0xFFFFFF)
        #expect(words[3] == 0 && words[15] == 0 && words[19] == 0)
    }

    @Test func wrapsCallerMemory() throws {
        var memory = [UInt32](repeating: 0, count: 4 * 2)
        try memory.withUnsafeMutableBytes { raw in
            let canvas = try Canvas(wrapping: raw.baseAddress!, width: 4, height: 2, format: .xrgb8888, pitch: 16)
            canvas.fill(PixelRect(x: 1, y: 1, width: 1, height: 1), color: .systemRed)
        }
        #expect(memory[5] & 0xFFFFFF == 0xFF3B30)
        #expect(memory[4] == 0)
    }

    @Test func rgb565PacksChannels() throws {
        let canvas = try Canvas(width: 3, height: 1, format: .rgb565)
        #expect(canvas.pitch == 8)
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), color: PixelColor(red: 1, green: 0, blue: 0))
        canvas.fill(PixelRect(x: 1, y: 0, width: 1, height: 1), color: PixelColor(red: 0, green: 1, blue: 0))
        canvas.fill(PixelRect(x: 2, y: 0, width: 1, height: 1), color: try PixelColor(hex: "#007AFF"))
        let halfwords = canvas.baseAddress.assumingMemoryBound(to: UInt16.self)
        #expect(halfwords[0] == 0xF800)
        #expect(halfwords[1] == 0x07E0)
        // 0x7A = 122 -> 122 >> 2 = 30 green; 0xFF -> 31 blue.
        #expect(halfwords[2] == 30 << 5 | 31)
        // Widened back by bit replication: green 30 -> 0x79.
        #expect(canvas.argb(x: 2, y: 0) == 0xFF00_79FF)
    }

    @Test func clipLimitsDrawingAndIsRestored() throws {
        let canvas = try Canvas(width: 10, height: 10)
        canvas.withClip(PixelRect(x: 2, y: 2, width: 3, height: 3)) {
            canvas.withClip(PixelRect(x: 3, y: 0, width: 10, height: 10)) {
                #expect(canvas.clip == PixelRect(x: 3, y: 2, width: 2, height: 3))
                canvas.fill(canvas.bounds, color: .white)
            }
        }
        #expect(canvas.clip == canvas.bounds)
        #expect(canvas.argb(x: 3, y: 2) == 0xFFFF_FFFF)
        #expect(canvas.argb(x: 4, y: 4) == 0xFFFF_FFFF)
        #expect(canvas.argb(x: 2, y: 2) == 0xFF00_0000)
        #expect(canvas.argb(x: 5, y: 4) == 0xFF00_0000)
        #expect(canvas.argb(x: 3, y: 5) == 0xFF00_0000)
    }

    @Test func copyConvertsFormatOnlyInsideTheRegion() throws {
        let shadow = try Canvas(width: 6, height: 4, format: .xrgb8888)
        shadow.fill(shadow.bounds, color: .white)
        let scanout = try Canvas(width: 6, height: 4, format: .rgb565)
        scanout.copy(from: shadow, region: Region([PixelRect(x: 0, y: 0, width: 2, height: 1),
                                                   PixelRect(x: 4, y: 3, width: 5, height: 5)]))
        #expect(scanout.argb(x: 1, y: 0) == 0xFFFF_FFFF)
        #expect(scanout.argb(x: 5, y: 3) == 0xFFFF_FFFF)
        #expect(scanout.argb(x: 2, y: 0) == 0xFF00_0000)
        #expect(scanout.argb(x: 3, y: 3) == 0xFF00_0000)
    }

    @Test func maskIsCompositedInColour() throws {
        let canvas = try Canvas(width: 4, height: 4, format: .xrgb8888)
        canvas.fill(canvas.bounds, color: .white)
        let mask = try AlphaMask(width: 2, height: 1, bytes: [255, 128])
        canvas.draw(mask: mask, at: (x: 1, y: 2), color: .black)
        #expect(canvas.argb(x: 1, y: 2) == 0xFF00_0000)
        // 255 * (1 - 128/255) = 127.
        #expect(canvas.argb(x: 2, y: 2) == 0xFF7F_7F7F)
        #expect(canvas.argb(x: 0, y: 2) == 0xFFFF_FFFF)
        #expect(canvas.argb(x: 1, y: 1) == 0xFFFF_FFFF)
    }

    @Test func maskRespectsClip() throws {
        let canvas = try Canvas(width: 4, height: 1, format: .xrgb8888)
        let mask = try AlphaMask(width: 4, height: 1, bytes: [255, 255, 255, 255])
        canvas.withClip(PixelRect(x: 0, y: 0, width: 2, height: 1)) {
            canvas.draw(mask: mask, at: (x: 0, y: 0), color: .white)
        }
        #expect(canvas.argb(x: 1, y: 0) == 0xFFFF_FFFF)
        #expect(canvas.argb(x: 2, y: 0) == 0xFF00_0000)
    }

    @Test func manyColoursThroughMasksStayDistinct() throws {
        // More colours than the canvas keeps solid images for, then the first ones again.
        let canvas = try Canvas(width: 8, height: 1)
        let mask = try AlphaMask(width: 1, height: 1, bytes: [255])
        let reds: [UInt8] = [10, 20, 30, 40, 50, 60, 10, 20]
        for (x, red) in reds.enumerated() {
            canvas.draw(mask: mask, at: (x: x, y: 0), color: PixelColor(red8: red, green8: 0, blue8: 0))
        }
        for (x, red) in reds.enumerated() { #expect(canvas.argb(x: x, y: 0) == 0xFF00_0000 | UInt32(red) << 16) }
    }

    @Test func maskFromAnImagesAlpha() throws {
        let image = try Canvas(width: 3, height: 1, format: .argb8888)
        image.clear(PixelRect(x: 1, y: 0, width: 1, height: 1), color: PixelColor.white.opacity(0.5))
        image.clear(PixelRect(x: 2, y: 0, width: 1, height: 1), color: .black)
        let mask = try AlphaMask(alphaOf: image)
        #expect(mask[0, 0] == 0 && mask[1, 0] == 128 && mask[2, 0] == 255)
        let opaque = try AlphaMask(alphaOf: try Canvas(width: 2, height: 2, format: .rgb565))
        #expect(opaque[1, 1] == 255)
    }

    @Test func maskRejectsWrongByteCount() {
        #expect(throws: CanvasError.byteCountMismatch(expected: 6, actual: 3)) { try AlphaMask(width: 3, height: 2, bytes: [1, 2, 3]) }
    }
}
