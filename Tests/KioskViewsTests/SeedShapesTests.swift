import Glibc
import Testing
@testable import KioskViews

// Examples written in the shapes of the seeds' SwiftUI code (a style that cancels, a
// rotate-and-magnify view, a swipe gesture of one's own, a tap that reports where, a
// long-press style, nested styles), resolved headless and driven by touch scripts.

/// What the examples did, in order.
final class EventLog {
    var lines: [String] = []
    func callAsFunction(_ line: String) { lines.append(line) }
}

// MARK: A primitive style that cancels when the finger slides off (seed 000)

private struct SlideToCancelStyle: PrimitiveButtonStyle {
    @GestureState var isHeld = false
    let log: EventLog

    func makeBody(configuration: Configuration) -> some View {
        log("held \(isHeld)")
        let hold = DragGesture(minimumDistance: 0).updating($isHeld) { _, held, _ in
            if !held { held = true }
        }
        return configuration.label
            .padding(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
            .background(RoundedRectangle(cornerRadius: 10).fill(.blue))
            .scaleEffect(isHeld ? 0.95 : 1)
            .animation(.spring(), value: isHeld)
            .gesture(hold)
            .simultaneousGesture(TapGesture().onEnded { configuration.trigger() })
    }
}

// MARK: Rotate and magnify with a reset animation (seed 001)

private struct PinchAndTurn: View {
    struct Transform {
        var scale: CGFloat = 1
        var angle: Angle = .zero
    }

    @GestureState(resetTransaction: Transaction(animation: .easeInOut)) var transform = Transform()
    let log: EventLog

    var body: some View {
        let pinchAndTurn = MagnificationGesture()
            .simultaneously(with: RotationGesture())
            .updating($transform) { value, state, _ in
                state.scale = value.first ?? 1
                state.angle = value.second ?? .zero
            }
        log("scale \((transform.scale * 100).rounded() / 100) angle \(Int(transform.angle.degrees.rounded()))")
        return Rectangle()
            .fill(.green)
            .frame(width: 200, height: 200)
            .scaleEffect(transform.scale)
            .gesture(pinchAndTurn)
    }
}

// MARK: A swipe gesture of one's own, with a view extension (seed 001)

private struct Flick: Gesture {
    enum Direction: String {
        case left, right, up, down
    }

    typealias Value = Direction?

    let minimumSpeed: CGFloat

    /// The direction of a fast drag; nil for a slow one.
    var body: AnyGesture<Direction?> {
        AnyGesture(DragGesture(minimumDistance: 10).map { value -> Direction? in
            let speed = max(abs(value.velocity.width), abs(value.velocity.height))
            guard speed >= minimumSpeed else { return nil }
            let dx = value.translation.width, dy = value.translation.height
            if abs(dx) > abs(dy) { return dx < 0 ? .left : .right }
            return dy < 0 ? .up : .down
        })
    }
}

extension View {
    fileprivate func onFlick(minimumSpeed: CGFloat = 300, perform: @escaping (Flick.Direction) -> Void) -> some View {
        gesture(Flick(minimumSpeed: minimumSpeed).onEnded { direction in
            if let direction { perform(direction) }
        })
    }
}

private struct FlickView: View {
    @State var direction = ""
    let log: EventLog

    var body: some View {
        Rectangle()
            .fill(.blue)
            .frame(width: 300, height: 300)
            .overlay(Text(direction))
            .onFlick { direction in
                self.direction = direction.rawValue
                log(direction.rawValue)
            }
    }
}

/// A gesture of one's own whose `Value` is its body's, left out as SwiftUI lets it be:
/// true for a leftward drag.
private struct LeftwardDrag: Gesture {
    var body: some Gesture<Bool> {
        DragGesture(minimumDistance: 10).map { $0.translation.width < 0 }
    }
}

// MARK: A tap that reports where it landed (seed 001)

private struct TapAt: ViewModifier {
    @State private var location: CGPoint?
    let count: Int
    let perform: (CGPoint) -> Void

    func body(content: Content) -> some View {
        content.gesture(
            DragGesture(minimumDistance: 0, coordinateSpace: .local)
                .onChanged { location = $0.location }
                .simultaneously(with: TapGesture(count: count).onEnded {
                    perform(location ?? .zero)
                    location = nil
                })
        )
    }
}

// MARK: A long-press primitive style with its own state view (seed 000)

private struct HoldStyle: PrimitiveButtonStyle {
    let log: EventLog

    func makeBody(configuration: PrimitiveButtonStyle.Configuration) -> some View {
        HoldButton(configuration: configuration, log: log)
    }

    struct HoldButton: View {
        @State private var pressed = false
        let configuration: PrimitiveButtonStyle.Configuration
        let log: EventLog

        var body: some View {
            configuration.label
                .padding(12)
                .background(RoundedRectangle(cornerRadius: 10).fill(.orange))
                .scaleEffect(pressed ? 0.95 : 1)
                .onLongPressGesture(minimumDuration: 2.5, maximumDistance: .infinity, pressing: { pressing in
                    withAnimation(.easeInOut(duration: 0.3)) { pressed = pressing }
                    log("pressing \(pressing)")
                }, perform: {
                    configuration.trigger()
                })
        }
    }
}

// MARK: Styles that read the environment and nest (seed 000)

private struct SizedStyle: ButtonStyle {
    @Environment(\.controlSize) var controlSize
    let name: String
    let log: EventLog

    func makeBody(configuration: Configuration) -> some View {
        log("\(name) \(controlSize)")
        let unit: CGFloat = controlSize == .large ? 12 : 4
        return configuration.label
            .padding(EdgeInsets(top: unit, leading: unit * 2, bottom: unit, trailing: unit * 2))
            .background(RoundedRectangle(cornerRadius: 10).fill(configuration.role == .destructive ? .red : .blue))
    }
}

private struct ReleaseTriggerStyle: ButtonStyle {
    let trigger: () -> Void

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(8)
            .onChange(of: configuration.isPressed) { isPressed in
                if !isPressed { trigger() }
            }
    }
}

@MainActor
@Suite("Seed shapes")
struct SeedShapesTests {
    let size = Size(width: 600, height: 400)

    func gestureFrame(_ host: UIHost) -> Rect {
        allNodes(host.rootNode!).compactMap { $0 as? GestureNode }.first!.frame
    }

    @Test("A cancellable primitive style triggers on a tap, not after the finger slides off; its held state resets")
    func cancellableStyle() {
        let log = EventLog()
        var taps = 0
        let host = UIHost(size: size, textEngine: textEngine) {
            Button("Go") { taps += 1 }.buttonStyle(SlideToCancelStyle(log: log))
        }
        let f = gestureFrame(host)
        let events = host.run([touch(.down, f.center.x, f.center.y, at: 0), touch(.up, f.center.x, f.center.y, at: 100)], until: 200)
        #expect(events.isEmpty)
        #expect(taps == 1)
        #expect(log.lines == ["held false", "held true", "held false"])
        _ = host.run([touch(.down, f.center.x, f.center.y, at: 1000), touch(.move, f.maxX + 80, f.center.y, at: 1050),
                      touch(.up, f.maxX + 80, f.center.y, at: 1100)], until: 1200)
        #expect(taps == 1)
        #expect(log.lines.last == "held false")
    }

    @Test("Rotate and magnify: the view follows two fingers and returns to scale 1 and angle 0 when they lift, animated")
    func rotateAndMagnify() {
        let log = EventLog()
        let host = UIHost(size: size, textEngine: textEngine) { PinchAndTurn(log: log) }
        let c = Point(x: 300, y: 200)
        func two(_ phase: TouchPhase, _ d: Double, _ turn: Double, at ms: Int64) -> TouchFrame {
            let dx = d * cos(turn), dy = d * sin(turn)
            return TouchFrame(events: [
                TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: c.x - dx, y: c.y - dy), timestamp: ms * 1000),
                TouchEvent(slot: 1, phase: phase, location: TouchLocation(x: c.x + dx, y: c.y + dy), timestamp: ms * 1000),
            ], timestamp: ms * 1000)
        }
        _ = host.run([two(.down, 50, 0, at: 0), two(.move, 75, 0, at: 50), two(.move, 100, .pi / 6, at: 100)], until: 120)
        #expect(log.lines.contains("scale 2.0 angle 30"))
        _ = host.run([two(.up, 100, .pi / 6, at: 150)], until: 160)
        #expect(log.lines.last == "scale 1.0 angle 0")
        // The reset is shown with the reset transaction's ease: frames are still moving.
        let scale = allNodes(host.rootNode!).compactMap { $0 as? ScaleNode }.first!
        #expect(scale.scale == 1)
        #expect(host.nextDeadline != nil)
        let canvas = try! Canvas(width: 600, height: 400)
        host.render(into: canvas)
        _ = host.advance(to: 200_000)
        #expect(!host.render(into: canvas).isEmpty)
        _ = host.advance(to: 2_000_000)
        host.render(into: canvas)
        _ = host.advance(to: 2_100_000)
        #expect(host.render(into: canvas).isEmpty)
    }

    @Test("A swipe of one's own reports left for a leftward flick and nothing for a slow drag")
    func swipe() {
        let log = EventLog()
        let host = UIHost(size: size, textEngine: textEngine) { FlickView(log: log) }
        let f = gestureFrame(host)
        _ = host.run([touch(.down, f.center.x, f.center.y, at: 0), touch(.move, f.center.x - 40, f.center.y, at: 30),
                      touch(.move, f.center.x - 100, f.center.y + 5, at: 60), touch(.up, f.center.x - 100, f.center.y + 5, at: 70)], until: 100)
        #expect(log.lines == ["left"])
        var slow: [TouchFrame] = [touch(.down, f.center.x, f.center.y, at: 1000)]
        for i in 1...20 { slow.append(touch(.move, f.center.x - Double(i) * 5, f.center.y, at: 1000 + Int64(i) * 100)) }
        slow.append(touch(.up, f.center.x - 100, f.center.y, at: 3100))
        _ = host.run(slow, until: 3200)
        #expect(log.lines == ["left"])
    }

    @Test("A gesture of one's own with a body and no Value of its own reports its body's values")
    func gestureWithInferredValue() {
        let log = EventLog()
        let host = UIHost(size: size, textEngine: textEngine) {
            Rectangle().fill(.blue).frame(width: 300, height: 300)
                .gesture(LeftwardDrag().onEnded { isLeftward in log(isLeftward ? "left" : "right") })
        }
        let f = gestureFrame(host)
        _ = host.run([touch(.down, f.center.x, f.center.y, at: 0), touch(.move, f.center.x - 60, f.center.y, at: 50),
                      touch(.up, f.center.x - 60, f.center.y, at: 100)], until: 200)
        _ = host.run([touch(.down, f.center.x, f.center.y, at: 1000), touch(.move, f.center.x + 60, f.center.y, at: 1050),
                      touch(.up, f.center.x + 60, f.center.y, at: 1100)], until: 1200)
        #expect(log.lines == ["left", "right"])
    }

    @Test("Tap with location reports the point in local coordinates, for a double tap only")
    func tapWithLocation() {
        var points: [CGPoint] = []
        let host = UIHost(size: size, textEngine: textEngine) {
            Rectangle().fill(.yellow).frame(width: 300, height: 300)
                .modifier(TapAt(count: 2) { points.append($0) })
        }
        let f = gestureFrame(host)
        _ = host.run([touch(.down, f.minX + 30, f.minY + 40, at: 0), touch(.up, f.minX + 30, f.minY + 40, at: 80)], until: 1000)
        #expect(points.isEmpty)
        _ = host.run([touch(.down, f.minX + 30, f.minY + 40, at: 2000), touch(.up, f.minX + 30, f.minY + 40, at: 2080),
                      touch(.down, f.minX + 31, f.minY + 41, at: 2200), touch(.up, f.minX + 31, f.minY + 41, at: 2280)], until: 3000)
        #expect(points == [CGPoint(x: 31, y: 41)])
    }

    @Test("A long-press primitive style reports pressing at touch-down and calls the action at 2.5 s")
    func longPressStyle() {
        let log = EventLog()
        let host = UIHost(size: size, textEngine: textEngine) {
            Button("Hold") { log("action") }.buttonStyle(HoldStyle(log: log))
        }
        let f = gestureFrame(host)
        _ = host.run([touch(.down, f.center.x, f.center.y, at: 0)], until: 2499)
        #expect(log.lines == ["pressing true"])
        _ = host.run([], until: 2500)
        #expect(log.lines == ["pressing true", "pressing false", "action"])
        _ = host.run([touch(.up, f.center.x, f.center.y, at: 3000)], until: 3100)
        #expect(log.lines == ["pressing true", "pressing false", "action"])
    }

    @Test("Styles nest with the nearest winning, and read the control size from the environment")
    func nestedStyles() {
        let log = EventLog()
        let host = UIHost(size: size, textEngine: textEngine) {
            VStack {
                Button("A") {}.buttonStyle(SizedStyle(name: "inner", log: log)).controlSize(.large).id("a")
                Button("B") {}.id("b")
            }
            .buttonStyle(SizedStyle(name: "outer", log: log))
        }
        #expect(log.lines == ["inner large", "outer regular"])
        #expect(host.frame(ofButton: "a")!.height > host.frame(ofButton: "b")!.height)
    }

    @Test("A style that triggers on release through onChange(of: isPressed)")
    func triggerOnRelease() {
        var released = 0
        let host = UIHost(size: size, textEngine: textEngine) {
            Button("T") {}.buttonStyle(ReleaseTriggerStyle { released += 1 }).id("t")
        }
        let (x, y) = host.centre(of: "t")
        _ = host.run([touch(.down, x, y, at: 0)], until: 50)
        #expect(released == 0)
        _ = host.run([touch(.up, x, y, at: 100)], until: 200)
        #expect(released == 1)
    }

    @Test("A simultaneous gesture on a button fires with the button's action; a high-priority one replaces it")
    func arbitration() {
        var log: [String] = []
        let host = UIHost(size: size, textEngine: textEngine) {
            HStack(spacing: 40) {
                Button("S") { log.append("s action") }.id("s")
                    .simultaneousGesture(TapGesture().onEnded { log.append("s tap") })
                Button("H") { log.append("h action") }.id("h")
                    .highPriorityGesture(TapGesture().onEnded { log.append("h tap") })
            }
        }
        let (sx, sy) = host.centre(of: "s")
        let first = host.run([touch(.down, sx, sy, at: 0), touch(.up, sx, sy, at: 80)], until: 100)
        #expect(Set(log) == ["s action", "s tap"])
        #expect(first.contains("80 s triggered tap"))
        log = []
        let (hx, hy) = host.centre(of: "h")
        let second = host.run([touch(.down, hx, hy, at: 1000), touch(.up, hx, hy, at: 1080)], until: 1100)
        #expect(log == ["h tap"])
        #expect(!second.contains { $0.contains("triggered") })
        #expect(second.contains { $0.contains("h cancelled") })
    }

    @Test("A high-priority long press that succeeds on its timer cancels the button under it")
    func highPriorityByTimer() {
        var log: [String] = []
        let host = UIHost(size: size, textEngine: textEngine) {
            Button("H") { log.append("action") }.id("h")
                .highPriorityGesture(LongPressGesture(minimumDuration: 1).onEnded { _ in log.append("long press") })
        }
        let (x, y) = host.centre(of: "h")
        let events = host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 1500)], until: 1600)
        #expect(log == ["long press"])
        #expect(events.contains("1000 h cancelled"))
        #expect(!events.contains { $0.contains("triggered") })
        log = []
        _ = host.run([touch(.down, x, y, at: 3000), touch(.up, x, y, at: 3100)], until: 3200)
        #expect(log == ["action"], "a short tap is still the button's")
    }

    @Test("A gesture on a zero-size view never fires; writing a @GestureState outside updating is ignored")
    func badInput() {
        var fired = 0
        let host = UIHost(size: size, textEngine: textEngine) {
            VStack {
                Rectangle().fill(.red).frame(width: 0, height: 0).onTapGesture { fired += 1 }
            }
        }
        _ = host.run([touch(.down, 300, 200, at: 0), touch(.up, 300, 200, at: 50)], until: 100)
        #expect(fired == 0)
        let state = GestureState(wrappedValue: 3)
        state.wrappedValue = 4
        #expect(state.wrappedValue == 3)
    }
}

@MainActor
@Suite("View gestures")
struct ViewGestureTests {
    @Test("Drag values in local, global and named coordinate spaces; a drag with minimum distance 0 starts at touch-down")
    func coordinateSpaces() {
        var local: [CGPoint] = [], global: [CGPoint] = [], named: [CGPoint] = []
        let host = UIHost(size: Size(width: 600, height: 400), textEngine: textEngine) {
            VStack {
                Rectangle().fill(.gray).frame(width: 100, height: 100)
                    .gesture(DragGesture(minimumDistance: 0).onChanged { local.append($0.location) })
                    .simultaneousGesture(DragGesture(minimumDistance: 0, coordinateSpace: .global).onChanged { global.append($0.location) })
                    .simultaneousGesture(DragGesture(minimumDistance: 0, coordinateSpace: .named("panel")).onChanged { named.append($0.location) })
                    .padding(20)
            }
            .frame(width: 300, height: 300)
            .coordinateSpace(name: "panel")
        }
        let panel = allNodes(host.rootNode!).compactMap { $0 as? CoordinateSpaceNode }.first!.frame
        let f = allNodes(host.rootNode!).compactMap { $0 as? GestureNode }.last!.frame
        _ = host.run([touch(.down, f.minX + 10, f.minY + 20, at: 0)], until: 10)
        #expect(local == [CGPoint(x: 10, y: 20)])
        #expect(global == [CGPoint(x: f.minX + 10, y: f.minY + 20)])
        #expect(named == [CGPoint(x: f.minX + 10 - panel.minX, y: f.minY + 20 - panel.minY)])
    }

    @Test("GestureMask: .subviews leaves the view's own gesture out, .gesture leaves the subviews' out")
    func masks() {
        var log: [String] = []
        let host = UIHost(size: Size(width: 600, height: 400), textEngine: textEngine) {
            HStack(spacing: 40) {
                Rectangle().fill(.gray).frame(width: 100, height: 100)
                    .onTapGesture { log.append("inner a") }
                    .gesture(TapGesture().onEnded { log.append("outer a") }, including: .subviews)
                Rectangle().fill(.gray).frame(width: 100, height: 100)
                    .onTapGesture { log.append("inner b") }
                    .gesture(TapGesture().onEnded { log.append("outer b") }, including: .gesture)
            }
        }
        let frames = allNodes(host.rootNode!).compactMap { $0 as? GestureNode }.map(\.frame)
        let a = frames[0], b = frames[2]
        _ = host.run([touch(.down, a.center.x, a.center.y, at: 0), touch(.up, a.center.x, a.center.y, at: 50),
                      touch(.down, b.center.x, b.center.y, at: 1000), touch(.up, b.center.x, b.center.y, at: 1050)], until: 1100)
        #expect(log == ["inner a", "outer b"])
    }
}
