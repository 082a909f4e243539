import FoundationEssentials
import Glibc
import KioskCore
import KioskBench
import KioskDemo
import KioskViews

/// `scene=text kind=language-switch`: the built-in demo's home screen switched to the next
/// of English, German and Arabic and drawn (its text looked up, laid out again, the layout
/// mirrored for Arabic, what changed drawn), against one full frame of it in the same run
/// (`full_ms`: the views resolved, laid out and every pixel drawn again).
extension BenchCommand {
    func runLanguageSwitch(width: Int, height: Int, engine: KioskTextEngine, bench: Benchmark) throws {
        let canvas = try Canvas(width: width, height: height, format: .xrgb8888)
        let navigator = Navigator()
        let host = UIHost(size: Size(width: Double(width), height: Double(height)),
                          screens: DemoApp.screens(model: CounterModel(), navigator: navigator), textEngine: engine, navigator: navigator)
        host.render(into: canvas)
        let full = bench.run {
            host.invalidate()
            host.render(into: canvas)
        }
        let languages: [LanguageTag] = ["de", "ar", "en"]
        var next = 0
        let switching = bench.run {
            host.locale = languages[next % languages.count]
            next += 1
            host.render(into: canvas)
        }
        try writeText(canvas, "text-language-switch-\(width)x\(height)")
        print("scene=text kind=language-switch res=\(width)x\(height) languages=en,de,ar median_ms=\(Self.ms(switching.median)) "
              + "p95_ms=\(Self.ms(switching.p95)) frames=\(switching.frames) full_ms=\(Self.ms(full.median)) "
              + "full_ratio=\(String(cFormat: "%.2f", switching.median / full.median))")
    }
}
