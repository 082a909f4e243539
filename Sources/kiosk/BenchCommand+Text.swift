import FoundationEssentials
import Glibc
import KioskCore
import KioskBench
import KioskGraphics
import KioskText
import KioskViews

/// `scene=text`: KioskText on its own, against a memset of the same frame measured in the
/// same run. Kinds: `labels` (the reference scene's 12 "Button N" labels, DejaVu Sans Bold
/// 24, laid out once and drawn from a warm glyph cache), `labels-layout` (the same, shaped
/// and laid out again every frame), `paragraph` (a 200-character mixed Latin/CJK paragraph,
/// 20 px, shaped, wrapped to 600 px and drawn every frame), `paragraph-bidi` and
/// `paragraph-thai` (the same for Arabic, Hebrew, Latin and digits mixed, and for Thai broken
/// by dictionary; `paragraph_ratio` against `paragraph`), and `scene` / `scene-no-labels`
/// (the whole reference frame with and without its labels, to show what text adds), and
/// `language-switch` (BenchCommand+Language.swift).
extension BenchCommand {
    /// 200 characters: English words and Chinese sentences mixed.
    static let paragraph = Self.characters(200, of: "Coffee is ready. 咖啡已经准备好了，请取走您的杯子。Tap Start to brew another cup. 谢谢光临！")
    /// 200 characters: Arabic, Hebrew, Latin and digits, with brackets.
    static let bidiParagraph = Self.characters(200, of: "قهوتك جاهزة (Café 24) — שלום! ההזמנה שלך מספר 1234 מוכנה. Your order is ready. ")
    /// 200 characters of Thai, spaces only between phrases.
    static let thaiParagraph = Self.characters(200, of: "กาแฟของคุณพร้อมแล้ว กรุณารับแก้วของคุณที่ช่องด้านล่าง ขอบคุณที่ใช้บริการ ")

    private static func characters(_ count: Int, of phrase: String) -> String {
        String(String(repeating: phrase, count: count / phrase.count + 1).prefix(count))
    }

    func runText() throws {
        let library = try FontLibrary()
        let bench = Benchmark(warmUpFrames: warmUp, timedFrames: frames)
        for (width, height) in try sizes() {
            let canvas = try Canvas(width: width, height: height, format: .xrgb8888)
            let bytes = canvas.pitch * canvas.height
            let memset = bench.run { _ = Glibc.memset(canvas.baseAddress, 0xF2, bytes) }
            let scene = ReferenceScene(width: width, height: height)
            let frames = (1...12).map { (number: $0, frame: scene.frame(ofButton: $0)) }
            let layouts = try frames.map { try library.layout(Self.labelText("Button \($0.number)"), alignment: .center) }
            scene.drawFull(on: canvas)

            let labels = bench.run {
                for (layout, button) in zip(layouts, frames) { layout.draw(on: canvas, in: button.frame) }
            }
            print(textLine("labels", width, height, labels, memset, extra: "labels=12"))
            let relayout = bench.run {
                for button in frames {
                    try? library.layout(Self.labelText("Button \(button.number)"), alignment: .center).draw(on: canvas, in: button.frame)
                }
            }
            print(textLine("labels-layout", width, height, relayout, memset, extra: "labels=12"))

            // The three paragraphs are timed in turn, frame by frame, so their ratios hold
            // on a busy machine.
            let area = Rect(x: 40, y: 40, width: min(600, Double(width) - 80), height: Double(height) - 80)
            let kinds = [("paragraph", Self.paragraph), ("paragraph-bidi", Self.bidiParagraph), ("paragraph-thai", Self.thaiParagraph)]
            var lines = [Int](repeating: 0, count: kinds.count)
            canvas.fill(canvas.bounds, color: ReferenceScene.background)
            let results = bench.interleaved(kinds.enumerated().map { index, kind in
                let text = RichText(kind.1, style: TextStyle(size: 20))
                return {
                    guard let layout = try? library.layout(text, maxWidth: area.width) else { return }
                    lines[index] = layout.lines.count
                    canvas.fill(area.enclosingPixels, color: ReferenceScene.background)
                    layout.draw(on: canvas, in: Rect(origin: area.origin, size: layout.size))
                }
            })
            for (index, (kind, string)) in kinds.enumerated() {
                let ratio = index == 0 ? "" : " paragraph_ratio=" + String(cFormat: "%.2f", results[index].median / results[0].median)
                print(textLine(kind, width, height, results[index], memset, extra: "chars=\(string.count) lines=\(lines[index])" + ratio))
                if let layout = try? library.layout(RichText(string, style: TextStyle(size: 20)), maxWidth: area.width) {
                    canvas.fill(canvas.bounds, color: ReferenceScene.background)
                    layout.draw(on: canvas, in: Rect(origin: area.origin, size: layout.size))
                }
                try writeText(canvas, "text-\(kind)-\(width)x\(height)")
            }

            let labelled = ReferenceScene(width: width, height: height) { canvas, string, rect in
                layouts[Int(string.dropFirst(7))! - 1].draw(on: canvas, in: rect)
            }
            let full = bench.run { labelled.drawFull(on: canvas) }
            print(textLine("scene", width, height, full, memset, extra: "labels=12"))
            try writeText(canvas, "text-scene-\(width)x\(height)")
            let bare = bench.run { scene.drawFull(on: canvas) }
            print(textLine("scene-no-labels", width, height, bare, memset, extra: "labels=0"))
            try runLanguageSwitch(width: width, height: height, engine: KioskTextEngine(library: library), bench: bench)
        }
        let usage = library.glyphCacheUsage
        print("scene=text kind=cache glyphs=\(usage.glyphs) bytes=\(usage.bytes) limit=\(usage.limit)")
    }

    private func textLine(_ kind: String, _ width: Int, _ height: Int, _ result: Benchmark.Result,
                          _ memset: Benchmark.Result, extra: String) -> String {
        "scene=text kind=\(kind) res=\(width)x\(height) \(extra) median_ms=\(Self.ms(result.median)) p95_ms=\(Self.ms(result.p95)) frames=\(result.frames) memset_ms=\(Self.ms(memset.median)) ratio=\(String(cFormat: "%.2f", result.median / memset.median))"
    }

    func writeText(_ canvas: Canvas, _ name: String) throws {
        guard let out else { return }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try canvas.writePNG(to: "\(out)/\(name).png")
    }
}
