import Foundation
import KioskText
import Testing

/// Mixed-direction lines come out in the same glyphs, in the same visual order, as Pango
/// sets them: an independent implementation of the same algorithms (its own bidi and run
/// ordering, HarfBuzz for shaping), reading the same DejaVu Sans from the system.
@Suite("Bidi against Pango")
struct PangoComparisonTests {
    /// The glyph ids `pango-view` draws for `text` on one line, left to right.
    func pangoGlyphs(_ text: String) throws -> [UInt32] {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-pango-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pango-view")
        process.arguments = ["--no-display", "-q", "--font=DejaVu Sans 24px", "--text", text, "--serialize-to=\(json.path)"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pango-view failed")
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let output = try #require(layout["output"] as? [String: Any])
        let lines = try #require(output["lines"] as? [[String: Any]])
        try #require(lines.count == 1)
        let runs = try #require(lines[0]["runs"] as? [[String: Any]])
        return try runs.flatMap { run in
            try #require(run["glyphs"] as? [[String: Any]]).map { UInt32(($0["glyph"] as? Int) ?? -1) }
        }
    }

    @Test("pango-view is installed (scripts/install-deps.sh test brings pango1.0-tools)")
    func pangoIsThere() {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/pango-view"))
    }

    @Test("Arabic, Hebrew, Latin, digits and brackets in Pango's visual order", arguments: [
        "مرحبا Hello",
        "Hello مرحبا world",
        "שלום (עולם) 123",
        "ab שלום cd",
        "السعر 25.50 € (شامل)",
        "Gate ב12 → שער 7",
        "קפה [גדול] - 12 ₪",
        "قهوة «كبيرة» 3×",
    ])
    func sameGlyphOrder(_ text: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pango-view") else { return }
        let ours = try library.layout(RichText(text, style: TextStyle(size: 24)))
        try #require(ours.lines.count == 1)
        #expect(ours.glyphAdvances.map(\.glyph) == (try pangoGlyphs(text)))
    }
}
