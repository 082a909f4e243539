import KioskBench
import KioskViews

/// `scene=ui kind=gesture`: a card dragged by a `DragGesture` that updates a
/// `@GestureState` offset, one finger move per 60 Hz frame, through the whole UI layer
/// (engine, state, partial re-resolution, damage); timed against drawing the same moved
/// card straight with KioskGraphics (`graphics_ms`, measured in the same run).
/// `body_ms` is the card's `body` evaluated alone: the product's own code, which every
/// frame of the drag runs and no UI layer can skip (`body_ratio`: over `graphics_ms`).
/// `kind=gesture-crowd` drags the same card beside 300 views with a `@State` each: what
/// the rest of a screen holds must not slow a drag's frames down.
extension BenchCommand {
    func runGestureBench(size: Size, canvas: Canvas, engine: KioskTextEngine, bench: Benchmark) throws {
        try runGestureBench("gesture", size: size, canvas: canvas, engine: engine, bench: bench) { DraggedCard(area: size) }
        try runGestureBench("gesture-crowd", size: size, canvas: canvas, engine: engine, bench: bench) { Crowd(area: size) }
    }

    private func runGestureBench<Content: View>(_ kind: String, size: Size, canvas: Canvas, engine: KioskTextEngine,
                                                bench: Benchmark, content: @escaping () -> Content) throws {
        let host = UIHost(size: size, background: UIHost.defaultBackground, textEngine: engine, content: content)
        host.render(into: canvas)
        let path = DragPath(area: size)
        let background = UIHost.defaultBackground.pixelColor
        var step = 0
        let graphics = bench.run {
            let (from, to) = (path.cardFrame(step), path.cardFrame(step + 1))
            let damage = from.enclosingPixels.union(to.enclosingPixels)
            canvas.withClip(damage) {
                canvas.fill(damage, color: background)
                canvas.fill(.roundedRectangle(cornerRadius: 16), in: to, color: Color.accentColor.pixelColor)
            }
            step += 1
        }
        step = 0
        // The straight draws went over the host's last frame: it draws the whole frame again
        // before the drag, since it copies a moved card's pixels from what the canvas shows.
        host.invalidate()
        var time: Microseconds = 1_000_000
        let start = path.finger(0)
        _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .down, location: start, timestamp: time)], timestamp: time))
        host.render(into: canvas)
        let dragging = bench.run {
            step += 1
            time += host.frameInterval
            _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .move, location: path.finger(step), timestamp: time)],
                                       timestamp: time))
            host.render(into: canvas)
        }
        try write(canvas, "ui-\(kind)-\(Int(size.width))x\(Int(size.height))")
        _ = host.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .up, location: path.finger(step), timestamp: time)], timestamp: time))
        // A body is main-actor isolated; the bench runs on the main thread.
        let body = bench.run { MainActor.assumeIsolated { withExtendedLifetime(DraggedCard(area: size).body) {} } }
        print(line("swift", kind, Int(size.width), Int(size.height), false, dragging, graphics)
            + " body_ms=\(Self.ms(body.median)) body_ratio=\(String(cFormat: "%.2f", body.median / graphics.median))")
    }
}

/// Where the finger is at each frame: back and forth across the screen, 6 px a frame.
struct DragPath {
    let area: Size
    static let card = Size(width: 200, height: 120)

    var span: Double { max(area.width - Self.card.width - 80, 60) }

    /// The offset at frame `step`.
    func offset(_ step: Int) -> Double {
        let travel = Double(step * 6).truncatingRemainder(dividingBy: 2 * span)
        return travel <= span ? travel : 2 * span - travel
    }

    /// On the card, which follows it: 60 px into it at the start.
    func finger(_ step: Int) -> TouchLocation { TouchLocation(x: 100 + offset(step), y: 100) }

    /// The card's frame at frame `step` (as `DraggedCard` lays it out).
    func cardFrame(_ step: Int) -> Rect {
        Rect(x: 40 + offset(step), y: 40, width: Self.card.width, height: Self.card.height)
    }
}

/// A card that follows the finger, written as SwiftUI code drags one: the drag's
/// translation is a `@GestureState` that offsets the card, so it snaps back when the
/// finger lifts.
struct DraggedCard: View {
    let area: Size
    @GestureState private var offset = CGSize.zero

    var body: some View {
        RoundedRectangle(cornerRadius: 16).fill(.accentColor)
            .frame(width: DragPath.card.width, height: DragPath.card.height)
            .offset(offset)
            .gesture(DragGesture(minimumDistance: 0).updating($offset) { value, offset, _ in offset = value.translation })
            .padding(EdgeInsets(top: 40, leading: 40, bottom: 0, trailing: 0))
            .frame(width: area.width, height: area.height, alignment: .topLeading)
    }
}

/// The card beside a column of 300 one-pixel views with a `@State` each.
struct Crowd: View {
    let area: Size

    var body: some View {
        ZStack(alignment: .topLeading) {
            VStack(spacing: 0) { ForEach(0..<300, id: \.self) { _ in Counter() } }
            DraggedCard(area: area)
        }
    }

    /// A view that keeps a count, as a screen's controls keep their state.
    struct Counter: View {
        @State private var count = 0

        var body: some View { Color.clear.frame(width: 1, height: 1) }
    }
}
