import FoundationEssentials
import Glibc
import KioskCore
import KioskBench
import KioskRuntime
import KioskScreenFiles
import KioskViews

/// `scene=ui`: the reference scene through the whole UI layer (views, layout, styles,
/// display lists, damage, animation), timed against drawing the same pixels straight with
/// KioskGraphics and the same text engine (`graphics_ms`, measured in the same run).
///
/// Two sources: `examples/reference.toml` (borderedProminent buttons filling a 4x3 grid,
/// no shadows: the schema has none) and the same grid written in Swift with a style
/// matching issue 2's reference look (shadow, pressed: darkened 15%, scaled 0.95, no
/// shadow, on a spring). Kinds: `full` (every pixel drawn again through the display list,
/// as after the canvas was lost), `rebuild` (views resolved and laid out again too, as
/// after a model change that touches everything), `pressed` (a touch on button 6, its
/// settled pressed look redrawn), `animating` (frames while button 6's press animation
/// runs, each a new scale).
extension BenchCommand {
    func runUI() throws {
        let engine = try KioskTextEngine()
        let bench = Benchmark(warmUpFrames: warmUp, timedFrames: frames)
        let file = try ScreenFile(contentsOf: "examples/reference.toml")
        for (width, height) in try sizes() {
            let size = Size(width: Double(width), height: Double(height))
            let canvas = try Canvas(width: width, height: height, format: .xrgb8888)
            let sources: [(String, Bool, () -> UIHost)] = [
                ("reference.toml", false, { file.makeHost(size: size, textEngine: engine) { _ in } }),
                ("swift", true, { UIHost(size: size, background: UIHost.defaultBackground, textEngine: engine) { BenchGrid() } }),
            ]
            for (source, shadow, makeHost) in sources {
                let host = makeHost()
                host.render(into: canvas)
                let direct = DirectScene(host: host, engine: engine, shadow: shadow, scales: shadow)
                let graphicsFull = bench.run { direct.drawFull(on: canvas) }
                let graphicsPressed = bench.run { direct.drawPressed(on: canvas) }

                let full = bench.run {
                    host.invalidateDrawing()
                    host.render(into: canvas)
                }
                try write(canvas, "ui-\(source)-full-\(width)x\(height)")
                print(line(source, "full", width, height, shadow, full, graphicsFull))
                let rebuild = bench.run {
                    host.invalidate()
                    host.render(into: canvas)
                }
                print(line(source, "rebuild", width, height, shadow, rebuild, graphicsFull))

                let target = host.frame(ofButton: "button6")!.center
                var time: Microseconds = 10_000_000
                var down = false
                let touch = { (phase: TouchPhase, settle: Microseconds) in
                    _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: target.x, y: target.y),
                                                                   timestamp: time)], timestamp: time))
                    down = phase == .down
                    time += settle
                    _ = host.advance(to: time)
                    host.render(into: canvas)
                }
                // A timed frame presses button 6 and draws its settled pressed look; the
                // release before it is untimed, as the direct case draws only the press.
                let pressed = bench.run(preparing: { if down { touch(.up, 1_500_000) } }) { touch(.down, 1_500_000) }
                try write(canvas, "ui-\(source)-pressed-\(width)x\(height)")
                print(line(source, "pressed", width, height, shadow, pressed, graphicsPressed))

                // Press and release every 150 ms, a frame every 16.7 ms: every frame moves.
                var frame = 0
                let graphicsAnimating = bench.run {
                    direct.drawAnimating(step: frame, on: canvas)
                    frame += 1
                }
                frame = 0
                let animating = bench.run {
                    if frame % 9 == 0 { touch(down ? .up : .down, 0) }
                    frame += 1
                    time += host.frameInterval
                    _ = host.advance(to: time)
                    host.render(into: canvas)
                }
                try write(canvas, "ui-\(source)-animating-\(width)x\(height)")
                print(line(source, "animating", width, height, shadow, animating, graphicsAnimating))
            }
            try runGestureBench(size: size, canvas: canvas, engine: engine, bench: bench)
            try runFocusRingBench(size: size, canvas: canvas, engine: engine, bench: bench)
            try runKeyPressBench(size: size, canvas: canvas, engine: engine, bench: bench)
            try runScreenSlideBench(size: size, canvas: canvas, engine: engine, bench: bench)
        }
    }

    func write(_ canvas: Canvas, _ name: String) throws {
        guard let out else { return }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try canvas.writePNG(to: "\(out)/\(name).png")
    }

    func line(_ source: String, _ kind: String, _ width: Int, _ height: Int, _ shadow: Bool,
                      _ result: Benchmark.Result, _ graphics: Benchmark.Result?) -> String {
        var text = "scene=ui src=\(source) kind=\(kind) res=\(width)x\(height) shadow=\(shadow ? 1 : 0) median_ms=\(Self.ms(result.median)) p95_ms=\(Self.ms(result.p95)) frames=\(result.frames)"
        if let graphics {
            text += " graphics_ms=\(Self.ms(graphics.median)) ratio=\(String(cFormat: "%.2f", result.median / graphics.median))"
        }
        return text
    }
}

/// Issue 2's reference grid as views: 4x3 buttons of the reference scene's size, buttons 4
/// and 8 destructive.
struct BenchGrid: View {
    var body: some View {
        VStack(spacing: 24) {
            ForEach(0..<3) { row in
                HStack(spacing: 24) {
                    ForEach(1...4) { column in
                        let n = row * 4 + column
                        Button(role: n == 4 || n == 8 ? .destructive : nil, action: {}) {
                            Text("Button \(n)").font(Font(size: 24, weight: .bold))
                                .frame(maxWidth: .infinity, maxHeight: .infinity)
                        }
                        .id("button\(n)")
                    }
                }
            }
        }
        .buttonStyle(ReferenceButtonStyle())
        .padding(40)
    }
}

/// The reference look: a rounded plate (radius 16) in the tint with a soft shadow (blur 5,
/// y 3, black 30%); pressed, darkened 15%, no shadow, scaled to 95%, on a spring.
struct ReferenceButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .foregroundColor(.white)
            .background(RoundedRectangle(cornerRadius: 16).fill(configuration.isPressed ? Color(configuration.tint.pixelColor.darkened(by: 0.15)) : configuration.tint))
            .contentShape(.roundedRectangle(cornerRadius: 16))
            .shadow(color: .black.opacity(0.3), radius: configuration.isPressed ? 0 : 5, y: configuration.isPressed ? 0 : 3)
            .scaleEffect(configuration.isPressed ? 0.95 : 1)
            .animation(.spring(), value: configuration.isPressed)
    }
}

/// The same pixels as a host's reference grid drawn straight: a plate and a label per
/// button at the host's frames, and button 6's pressed look clipped to its damage.
struct DirectScene {
    let frames: [Rect]
    let colors: [PixelColor]
    let labels: [StyledText]
    let engine: TextEngine
    let shadow: Shadow?
    let scales: Bool
    let background = UIHost.defaultBackground.pixelColor

    init(host: UIHost, engine: TextEngine, shadow: Bool, scales: Bool) {
        frames = (1...12).map { host.frame(ofButton: "button\($0)")! }
        colors = (1...12).map { $0 == 4 || $0 == 8 ? .systemRed : .accent }
        labels = (1...12).map {
            StyledText(runs: [.init(string: "Button \($0)", font: Font(size: 24, weight: .bold), color: .white)])
        }
        self.engine = engine
        self.shadow = shadow ? Shadow(color: PixelColor.black.opacity(0.3), radius: 5, x: 0, y: 3) : nil
        self.scales = scales
    }

    private func label(_ i: Int, in frame: Rect, on canvas: Canvas) {
        let size = engine.measure(labels[i], maxWidth: nil)
        let rect = Rect(x: (frame.center.x - size.width / 2).rounded(), y: (frame.center.y - size.height / 2).rounded(),
                        width: size.width, height: size.height)
        engine.draw(labels[i], in: rect, on: canvas)
    }

    func drawFull(on canvas: Canvas) {
        canvas.fill(canvas.bounds, color: background)
        for i in frames.indices {
            canvas.fill(.roundedRectangle(cornerRadius: 16), in: frames[i], color: colors[i], shadow: shadow)
            label(i, in: frames[i], on: canvas)
        }
    }

    func drawPressed(on canvas: Canvas) {
        draw(button: 5, pressed: 1, on: canvas, cacheKey: "direct-pressed")
    }

    /// Button 6 part of the way into (or out of) its press, a new look each step as in a
    /// running animation: the colour, shadow and scale move, so the layer is drawn again.
    func drawAnimating(step: Int, on canvas: Canvas) {
        let phase = Double(step % 9) / 9
        draw(button: 5, pressed: step / 9 % 2 == 0 ? phase : 1 - phase, on: canvas, cacheKey: step)
    }

    /// Button `i` drawn `pressed` of the way from its resting to its pressed look, clipped
    /// to its frame grown by its shadow.
    private func draw(button i: Int, pressed: Double, on canvas: Canvas, cacheKey: AnyHashable) {
        let frame = frames[i]
        let e = shadow.map { $0.extent + 3 } ?? 0
        let damage = frame.enclosingPixels.insetBy(dx: -e, dy: -e)
        let rest = colors[i], down = rest.darkened(by: 0.15)
        let color = PixelColor(red: rest.red + (down.red - rest.red) * pressed, green: rest.green + (down.green - rest.green) * pressed,
                          blue: rest.blue + (down.blue - rest.blue) * pressed)
        let lift = shadow.flatMap { s in
            pressed < 1 ? Shadow(color: s.color, radius: (s.radius * (1 - pressed)).rounded(), x: 0, y: (s.y * (1 - pressed)).rounded()) : nil
        }
        canvas.withClip(damage) {
            canvas.fill(damage, color: background)
            let body: (Canvas) -> Void = { layer in
                layer.fill(.roundedRectangle(cornerRadius: 16), in: frame, color: color, shadow: lift)
                label(i, in: frame, on: layer)
            }
            if scales {
                canvas.drawScaled(by: 1 - 0.05 * pressed, about: frame.center, clip: damage, cacheKey: cacheKey, body)
            } else {
                body(canvas)
            }
        }
    }
}
