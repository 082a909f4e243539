import KioskCore
import KioskBench
import KioskGestures
import KioskViews

/// `scene=ui kind=screen-slide`: a frame of a swipe that the screens follow (the finger
/// moves 40 px; both screens, the reference grid each, drawn at its offset), against a full
/// frame of the same grid standing still (`full_ms`), the two interleaved in the same run.
extension BenchCommand {
    func runScreenSlideBench(size: Size, canvas: Canvas, engine: KioskTextEngine, bench: Benchmark) throws {
        let sliding = UIHost(size: size, screens: [Screen("home", swipeLeft: "next") { BenchGrid() },
                                                   Screen("next", swipeRight: "home") { BenchGrid() }], textEngine: engine)
        let still = UIHost(size: size, background: UIHost.defaultBackground, textEngine: engine) { BenchGrid() }
        let stillCanvas = try Canvas(width: canvas.width, height: canvas.height, format: canvas.format)
        sliding.render(into: canvas)
        still.render(into: stillCanvas)
        var time: Microseconds = 10_000_000
        let (start, y) = (size.width * 0.75, size.height / 2)
        func finger(_ phase: TouchPhase, _ x: Double) {
            _ = sliding.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: x, y: y),
                                                              timestamp: time)], timestamp: time))
            time += 16_667
        }
        finger(.down, start)
        finger(.move, start - 40)
        var farther = false
        let results = bench.interleaved([
            {
                farther.toggle()
                finger(.move, start - (farther ? 200 : 160))
                sliding.render(into: canvas)
            },
            {
                still.invalidateDrawing()
                still.render(into: stillCanvas)
            },
        ])
        let (slide, full) = (results[0], results[1])
        try write(canvas, "ui-screen-slide-\(Int(size.width))x\(Int(size.height))")
        print("scene=ui src=swift kind=screen-slide res=\(Int(size.width))x\(Int(size.height)) median_ms=\(Self.ms(slide.median)) "
              + "p95_ms=\(Self.ms(slide.p95)) frames=\(slide.frames) full_ms=\(Self.ms(full.median)) "
              + "full_ratio=\(String(cFormat: "%.2f", slide.median / full.median))")
    }
}
