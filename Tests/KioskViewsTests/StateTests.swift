import Testing
@testable import KioskViews

/// A counter that owns its count, the SwiftUI way.
private struct CounterView: View {
    @State private var count = 0
    let log: Log

    var body: some View {
        VStack {
            Text("count \(count)")
            Button("add") { count += 1 }.id("add")
        }
        .onChange(of: count) { old, new in log.lines.append("change \(old)->\(new)") }
    }
}

private struct Toggled: View {
    @Binding var isOn: Bool

    var body: some View {
        Button(isOn ? "on" : "off") { isOn.toggle() }.id("toggle")
    }
}

private struct Parent: View {
    @State private var isOn = false
    @State private var showsCounter = true
    let log: Log

    var body: some View {
        VStack {
            Toggled(isOn: $isOn)
            Button("hide") { showsCounter.toggle() }.id("hide")
            if showsCounter {
                CounterView(log: log)
                    .onAppear { log.lines.append("appear") }
                    .onDisappear { log.lines.append("disappear") }
            }
            Text(isOn ? "is on" : "is off")
        }
    }
}

/// A counter shown and hidden in a frame of fixed size: hiding it re-resolves this view
/// alone (the screen keeps its layout), so the pass that drops the counter's state is a
/// partial one.
private struct FramedCounter: View {
    @State private var showsCounter = true
    let log: Log

    var body: some View {
        VStack {
            Button("hide") { showsCounter.toggle() }.id("hide")
            if showsCounter {
                CounterView(log: log).onDisappear { log.lines.append("disappear") }
            }
        }
        .frame(width: 300, height: 400)
    }
}

final class Log {
    var lines: [String] = []
}

/// A label that counts the taps on it.
private struct TapCounter: View {
    @State private var taps = 0

    var body: some View {
        Text("taps \(taps)").onTapGesture { taps += 1 }
    }
}

/// A counter moved by an offset its parent reads from a model, in a frame of fixed size:
/// the model's change shows a new counter value in the counter's nodes, in place.
private struct MovedCounter: View {
    let model: CardModel

    var body: some View {
        TapCounter().offset(x: model.leading).frame(width: 300, height: 200, alignment: .topLeading)
    }
}

private struct Sized: EnvironmentKey {
    static let defaultValue = "none"
}

extension EnvironmentValues {
    fileprivate var sized: String {
        get { self[Sized.self] }
        set { self[Sized.self] = newValue }
    }
}

private struct ReadsEnvironment: View {
    @Environment(\.controlSize) var controlSize
    @Environment(\.sized) var sized
    let log: Log

    var body: some View {
        log.lines.append("\(controlSize) \(sized)")
        return Text("x")
    }
}

private struct Bold: ViewModifier {
    @State private var taps = 0
    @Environment(\.isEnabled) var isEnabled
    let log: Log

    func body(content: Content) -> some View {
        log.lines.append("modifier taps \(taps) enabled \(isEnabled)")
        return VStack {
            content
            Button("more") { taps += 1 }.id("more")
        }
    }
}

/// A row whose tap closure captures a plain value its parent passes down.
private struct CapturingRow: View {
    let label: String
    let log: Log

    var body: some View {
        Color.blue.frame(width: 200, height: 80).onTapGesture { log.lines.append(label) }
    }
}

private struct RenamesRow: View {
    let log: Log
    @State private var number = 0

    var body: some View {
        VStack {
            CapturingRow(label: "row \(number)", log: log)
            Button("next") { number += 1 }.id("next")
        }
    }
}

/// Whether a shape is round, read only by the view inside a gesture.
@Observable private final class Roundness {
    var isRound = false
}

/// A square whose touch area turns round with its model; the gesture is outside its body.
/// A square that follows the finger dragging it, logging where the finger is in its own
/// coordinates.
private struct FollowingSquare: View {
    @GestureState private var offset = CGSize.zero
    let log: Log

    var body: some View {
        Color.blue.frame(width: 100, height: 100)
            .gesture(DragGesture(minimumDistance: 0, coordinateSpace: .local)
                .updating($offset) { value, offset, _ in offset = value.translation }
                .onChanged { log.lines.append("\(Int($0.location.x)),\(Int($0.location.y))") })
            .offset(offset)
            .frame(width: 400, height: 400, alignment: .topLeading)
    }
}

private struct ShapedSquare: View {
    let roundness: Roundness

    var body: some View {
        Color.blue.frame(width: 100, height: 100).contentShape(roundness.isRound ? Shape.circle : Shape.rectangle)
    }
}

private struct WritesDuringBody: View {
    @State private var value = 0

    var body: some View {
        value += 1
        return Text("\(value)")
    }
}

@MainActor
@Suite("State")
struct StateTests {
    func tap(_ host: UIHost, _ id: String, at ms: Int64) {
        let (x, y) = host.centre(of: id)
        _ = host.run([touch(.down, x, y, at: ms), touch(.up, x, y, at: ms + 50)], until: ms + 100)
    }

    func texts(_ host: UIHost) -> [String] {
        allNodes(host.rootNode!).compactMap { ($0 as? TextNode)?.text.runs.map(\.string).joined() }
    }

    @Test("@State survives re-resolution, lives with its identity and is dropped when the view goes")
    func stateLifetime() {
        let log = Log()
        let host = UIHost(size: Size(width: 400, height: 600), textEngine: textEngine) { Parent(log: log) }
        #expect(log.lines == ["appear"])
        tap(host, "add", at: 0)
        tap(host, "add", at: 200)
        #expect(texts(host).contains("count 2"))
        #expect(log.lines == ["appear", "change 0->1", "change 1->2"])
        tap(host, "toggle", at: 400)
        #expect(texts(host).contains("is on"))
        #expect(texts(host).contains("count 2"))
        tap(host, "hide", at: 600)
        #expect(log.lines.last == "disappear")
        tap(host, "hide", at: 800)
        #expect(texts(host).contains("count 0"))
        #expect(log.lines.last == "appear")
    }

    @Test("A view hidden by a change that re-resolves its parent alone loses its @State and is told it disappeared")
    func stateDroppedByAPartialPass() {
        let log = Log()
        let host = UIHost(size: Size(width: 400, height: 600), textEngine: textEngine) {
            VStack {
                Text("elsewhere")
                FramedCounter(log: log)
            }
        }
        tap(host, "add", at: 0)
        tap(host, "add", at: 200)
        #expect(texts(host).contains("count 2"))
        let screen = host.rootNode
        tap(host, "hide", at: 400)
        #expect(host.rootNode === screen, "re-resolved in part, not as a whole screen")
        #expect(log.lines.last == "disappear")
        tap(host, "hide", at: 600)
        #expect(texts(host).contains("count 0"))
    }

    @Test("A view's @State survives its parent's change after its own: the parent's new value of it is bound again")
    func stateThroughParentUpdate() throws {
        let model = CardModel()
        let canvas = try Canvas(width: 400, height: 600)
        let host = UIHost(size: Size(width: 400, height: 600), textEngine: textEngine) { MovedCounter(model: model) }
        func tap(at ms: Int64) {
            let label = host.rootNode.flatMap { allNodes($0).first { $0 is TextNode } }?.frame.center ?? .zero
            _ = host.run([touch(.down, label.x, label.y, at: ms), touch(.up, label.x, label.y, at: ms + 50)], until: ms + 100)
        }
        func counter() -> Node? { host.rootNode.flatMap { allNodes($0).first { ($0 as? BodyNode)?.viewType == TapCounter.self } } }
        tap(at: 0)
        tap(at: 200)
        host.render(into: canvas)
        #expect(texts(host) == ["taps 2"])
        let before = counter()
        model.leading = 20
        host.render(into: canvas)
        #expect(before != nil && counter() === before, "updated in place")
        #expect(texts(host) == ["taps 2"])
        tap(at: 600)
        #expect(texts(host) == ["taps 3"])
    }

    @Test("A state change re-resolves only the view that reads it")
    func partial() {
        let log = Log()
        let host = UIHost(size: Size(width: 400, height: 600), textEngine: textEngine) {
            VStack {
                ReadsEnvironment(log: log)
                CounterView(log: log)
            }
            .controlSize(.large)
        }
        #expect(log.lines == ["large none"])
        tap(host, "add", at: 0)
        #expect(texts(host).contains("count 1"))
        #expect(log.lines == ["large none", "change 0->1"])
    }

    @Test("@Environment reads built-in and custom keys; a ViewModifier keeps state and reads the environment")
    func environmentAndModifier() {
        let log = Log()
        let host = UIHost(size: Size(width: 400, height: 600), textEngine: textEngine) {
            VStack {
                ReadsEnvironment(log: log).environment(\.sized, "big")
                Text("content").modifier(Bold(log: log))
            }
        }
        #expect(log.lines == ["regular big", "modifier taps 0 enabled true"])
        tap(host, "more", at: 0)
        #expect(log.lines.last == "modifier taps 1 enabled true")
    }

    @Test("A gesture runs the closures of the view's latest body, even when the change came during its touch")
    func freshClosures() {
        let log = Log()
        let host = UIHost(size: Size(width: 400, height: 600), textEngine: textEngine) { RenamesRow(log: log) }
        let row = allNodes(host.rootNode!).first { $0 is GestureNode }!.frame
        func tapRow(at ms: Int64) {
            _ = host.run([touch(.down, row.center.x, row.center.y, at: ms), touch(.up, row.center.x, row.center.y, at: ms + 50)], until: ms + 100)
        }
        tapRow(at: 0)
        tap(host, "next", at: 200)
        tapRow(at: 400)
        #expect(log.lines == ["row 0", "row 1"])
        // The row's finger is down while another finger renames it: that tap still ends as
        // it began; the next one has the new name.
        let (x, y) = host.centre(of: "next")
        _ = host.run([touch(.down, row.center.x, row.center.y, at: 600), touch(.down, x, y, at: 610, slot: 1),
                      touch(.up, x, y, at: 620, slot: 1), touch(.up, row.center.x, row.center.y, at: 630)], until: 700)
        tapRow(at: 800)
        #expect(log.lines == ["row 0", "row 1", "row 1", "row 2"])
    }

    @Test("A gesture around a view takes the content shape of the view's latest body")
    func contentShapeOfInnerBody() {
        let roundness = Roundness(), log = Log()
        let host = UIHost(size: Size(width: 100, height: 100), textEngine: textEngine) {
            ShapedSquare(roundness: roundness).onTapGesture { log.lines.append("tap") }
        }
        _ = host.run([touch(.down, 5, 5, at: 0), touch(.up, 5, 5, at: 50)], until: 100)
        #expect(log.lines == ["tap"], "the square's corner takes the touch")
        roundness.isRound = true
        _ = host.run([touch(.down, 5, 5, at: 1000), touch(.up, 5, 5, at: 1050)], until: 1100)
        #expect(log.lines == ["tap"], "the circle's does not")
        _ = host.run([touch(.down, 50, 50, at: 2000), touch(.up, 50, 50, at: 2050)], until: 2100)
        #expect(log.lines == ["tap", "tap"])
    }

    @Test("A drag reports in its view's coordinates when the screen is laid out again during it")
    func localLocationsThroughRelayout() throws {
        func drag(relayingOut: Bool) throws -> [String] {
            let log = Log()
            let host = UIHost(size: Size(width: 400, height: 400), textEngine: textEngine) { FollowingSquare(log: log) }
            let canvas = try Canvas(width: 400, height: 400)
            host.render(into: canvas)
            for (step, x) in [50.0, 60, 70, 80].enumerated() {
                _ = host.handle(touch(step == 0 ? .down : .move, x, 50, at: Int64(step) * 16))
                // The whole screen resolved and laid out afresh while the finger is down.
                if relayingOut, step == 1 { host.invalidate() }
                host.render(into: canvas)
            }
            return log.lines
        }
        let plain = try drag(relayingOut: false)
        // Each value is read where the square was before the move it makes: once it follows,
        // the finger stays 60 px into it.
        #expect(plain == ["50,50", "60,50", "60,50", "60,50"])
        #expect(try drag(relayingOut: true) == plain)
    }

    @Test("Writing @State during body is ignored, not a loop")
    func writeDuringBody() {
        let host = UIHost(size: Size(width: 400, height: 600), textEngine: textEngine) { WritesDuringBody() }
        #expect(texts(host) == ["0"])
        host.render(into: try! Canvas(width: 400, height: 600))
        #expect(!host.needsFrame)
        #expect(texts(host) == ["0"])
    }

    @Test("Binding.constant and a binding's member")
    func bindings() {
        struct Pair { var a = 1 }
        let constant = Binding.constant(3)
        constant.wrappedValue = 4
        #expect(constant.wrappedValue == 3)
        let state = State(wrappedValue: Pair())
        let a = state.projectedValue.a
        a.wrappedValue = 5
        #expect(state.wrappedValue.a == 5)
    }
}
