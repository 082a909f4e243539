import Foundation
import Testing
import KioskGraphics

@Suite struct PNGTests {
    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-png-\(UUID().uuidString)-\(name)").path
    }

    @Test(arguments: PixelFormat.allCases)
    func roundTripKeepsPixels(_ format: PixelFormat) throws {
        let canvas = try Canvas(width: 5, height: 3, format: format)
        canvas.clear(canvas.bounds, color: .white)
        canvas.fill(PixelRect(x: 1, y: 1, width: 2, height: 1), color: .accent)
        canvas.clear(PixelRect(x: 4, y: 2, width: 1, height: 1), color: PixelColor.systemRed.opacity(0.5))
        let path = temporaryPath("rt.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try canvas.writePNG(to: path)
        let loaded = try Canvas(pngFile: path)
        #expect(loaded.width == 5 && loaded.height == 3 && loaded.format == .argb8888)
        for y in 0..<3 {
            for x in 0..<5 where !(format.hasAlpha && x == 4 && y == 2) {
                #expect(loaded.argb(x: x, y: y) == canvas.argb(x: x, y: y), "pixel \(x),\(y)")
            }
        }
        if format.hasAlpha {
            // Half-transparent red: un-premultiplied on write, premultiplied again on read.
            let p = loaded.argb(x: 4, y: 2)
            #expect(p >> 24 == 0x80)
            #expect(abs(Int(p >> 16 & 0xFF) - 0x80) <= 1)
        }
    }

    @Test func dataRoundTrip() throws {
        let canvas = try Canvas(width: 2, height: 2, format: .xrgb8888)
        canvas.fill(PixelRect(x: 1, y: 0, width: 1, height: 1), color: .white)
        let loaded = try Canvas(pngData: try canvas.pngData())
        #expect(loaded.argb(x: 1, y: 0) == 0xFFFF_FFFF && loaded.argb(x: 0, y: 0) == 0xFF00_0000)
    }

    @Test func corruptFileIsAnError() throws {
        let path = temporaryPath("corrupt.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes = try Canvas(width: 4, height: 4).pngData()
        bytes = Array(bytes.prefix(40))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect { try Canvas(pngFile: path) } throws: { error in
            "\(error)".contains(path)
        }
        #expect(throws: PNGError.self) { try Canvas(pngData: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]) }
        #expect(throws: PNGError.self) { try Canvas(pngData: Array("not a png at all".utf8)) }
        #expect(throws: PNGError.self) { try Canvas(pngData: []) }
    }

    @Test func missingFileIsAnError() {
        #expect(throws: PNGError.self) { try Canvas(pngFile: "/nonexistent/kiosk.png") }
    }
}
