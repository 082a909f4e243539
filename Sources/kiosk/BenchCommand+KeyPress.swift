import KioskCore
import KioskBench
import KioskGestures
import KioskViews

/// `scene=ui kind=key-press`: a frame that presses or releases the on-screen keyboard's "g"
/// key under an edited text field (released, it types into the field) and draws the settled
/// look, against the same frame for button 6 of the Swift reference grid (`pressed_ms`),
/// the two interleaved in the same run so load on the machine falls on both alike.
extension BenchCommand {
    func runKeyPressBench(size: Size, canvas: Canvas, engine: KioskTextEngine, bench: Benchmark) throws {
        let grid = UIHost(size: size, background: UIHost.defaultBackground, textEngine: engine) { BenchGrid() }
        let keyboard = UIHost(size: size, background: UIHost.defaultBackground, textEngine: engine) { BenchTextField() }
        let gridCanvas = try Canvas(width: canvas.width, height: canvas.height, format: canvas.format)
        grid.render(into: gridCanvas)
        keyboard.render(into: canvas)
        var time: Microseconds = 10_000_000
        func tap(_ host: UIHost, _ point: Point, _ phase: TouchPhase, _ into: Canvas) {
            _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: point.x, y: point.y),
                                                           timestamp: time)], timestamp: time))
            time += 1_500_000
            _ = host.advance(to: time)
            host.render(into: into)
        }
        let field = keyboard.accessibilityElements.first { $0.traits.contains(.isTextField) }!.frame.center
        tap(keyboard, field, .down, canvas)
        tap(keyboard, field, .up, canvas)
        let key = keyboard.frame(ofButton: "key-g")!.center
        let button = grid.frame(ofButton: "button6")!.center
        var (keyDown, buttonDown) = (false, false)
        let results = bench.interleaved([
            { keyDown.toggle(); tap(keyboard, key, keyDown ? .down : .up, canvas) },
            { buttonDown.toggle(); tap(grid, button, buttonDown ? .down : .up, gridCanvas) },
        ])
        let (keyPress, pressed) = (results[0], results[1])
        try write(canvas, "ui-key-press-\(Int(size.width))x\(Int(size.height))")
        print("scene=ui src=swift kind=key-press res=\(Int(size.width))x\(Int(size.height)) median_ms=\(Self.ms(keyPress.median)) "
              + "p95_ms=\(Self.ms(keyPress.p95)) frames=\(keyPress.frames) pressed_ms=\(Self.ms(pressed.median)) "
              + "pressed_ratio=\(String(cFormat: "%.2f", keyPress.median / pressed.median))")
    }
}

/// A name field over the reference grid's background: the keyboard benchmark's screen.
private struct BenchTextField: View {
    @State private var name = ""

    var body: some View {
        VStack {
            TextField("Name", text: $name).textFieldStyle(.roundedBorder)
            Spacer()
        }
        .padding(40)
    }
}
