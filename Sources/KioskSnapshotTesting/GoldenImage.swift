import Foundation
import Testing
import KioskGraphics

/// Reference-image comparison, the pattern every suite with pixels follows: goldens live in
/// `References/` next to the test file; a mismatch beyond `tolerance` in any channel writes
/// `<name>.actual.png` and `<name>.diff.png` beside the golden and records an issue;
/// `KIOSK_RECORD_GOLDENS=1` writes the golden instead (and still records an issue, so a
/// recording run never passes by accident). The suites here and a product's own snapshot
/// tests use it (docs/PRODUCT.md); it needs Swift Testing, so only test targets depend on it.
public enum GoldenImage {
    public static func check(_ canvas: Canvas, named name: String, tolerance: Int = 2,
                      filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("References")
        let golden = directory.appendingPathComponent("\(name).png").path
        let actual = directory.appendingPathComponent("\(name).actual.png").path
        let diff = directory.appendingPathComponent("\(name).diff.png").path
        if ProcessInfo.processInfo.environment["KIOSK_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try canvas.writePNG(to: golden)
            Issue.record("recorded golden \(golden); look at it, then run again without KIOSK_RECORD_GOLDENS",
                         sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            try canvas.writePNG(to: actual)
            Issue.record("no golden \(golden); wrote \(actual). Record with KIOSK_RECORD_GOLDENS=1",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = try Canvas(pngFile: golden)
        guard expected.width == canvas.width, expected.height == canvas.height else {
            try canvas.writePNG(to: actual)
            Issue.record("size \(canvas.width)x\(canvas.height) differs from golden \(expected.width)x\(expected.height); wrote \(actual)",
                         sourceLocation: sourceLocation)
            return
        }
        let diffCanvas = try Canvas(width: canvas.width, height: canvas.height, format: .xrgb8888)
        var worst = 0, differing = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let a = canvas.argb(x: x, y: y), b = expected.argb(x: x, y: y)
                var delta = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    delta = max(delta, abs(Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF)))
                }
                worst = max(worst, delta)
                if delta > tolerance {
                    differing += 1
                    diffCanvas.fill(PixelRect(x: x, y: y, width: 1, height: 1), color: PixelColor(red: 1, green: 0, blue: 0))
                }
            }
        }
        if differing > 0 {
            try canvas.writePNG(to: actual)
            try diffCanvas.writePNG(to: diff)
            Issue.record("\(differing) pixels differ from \(golden) by more than \(tolerance) (worst \(worst)); wrote \(actual) and \(diff)",
                         sourceLocation: sourceLocation)
        }
    }
}
