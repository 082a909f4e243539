import KioskCore
import KioskBench
import KioskGestures
import KioskViews

/// `scene=ui kind=focus-ring`: the Swift reference grid with the keypad's focus moving to
/// the next button each frame (its ring drawn there, the old one erased), against a frame
/// that presses or releases button 6 and draws its settled look (`pressed_ms`), the two
/// interleaved in the same run so load on the machine falls on both alike.
extension BenchCommand {
    func runFocusRingBench(size: Size, canvas: Canvas, engine: KioskTextEngine, bench: Benchmark) throws {
        let host = UIHost(size: size, background: UIHost.defaultBackground, textEngine: engine) { BenchGrid() }
        host.render(into: canvas)
        let target = host.frame(ofButton: "button6")!.center
        var time: Microseconds = 10_000_000
        var down = false
        let focus = {
            time += 1000
            _ = host.handle(KeyEvent(.tab, isPressed: true, timestamp: time))
            host.render(into: canvas)
        }
        let press = {
            down.toggle()
            _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: down ? .down : .up, location: TouchLocation(x: target.x, y: target.y),
                                                           timestamp: time)], timestamp: time))
            time += 1_500_000
            _ = host.advance(to: time)
            host.render(into: canvas)
        }
        let results = bench.interleaved([focus, press])
        let (ring, pressed) = (results[0], results[1])
        try write(canvas, "ui-focus-ring-\(Int(size.width))x\(Int(size.height))")
        print("scene=ui src=swift kind=focus-ring res=\(Int(size.width))x\(Int(size.height)) median_ms=\(Self.ms(ring.median)) "
              + "p95_ms=\(Self.ms(ring.p95)) frames=\(ring.frames) pressed_ms=\(Self.ms(pressed.median)) "
              + "pressed_ratio=\(String(cFormat: "%.2f", ring.median / pressed.median))")
    }
}
