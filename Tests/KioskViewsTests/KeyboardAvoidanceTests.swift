import KioskGestures
import KioskTestSupport
import Testing
@testable import KioskViews

/// A form of `count` fields in a scroll view filling the screen.
private struct ScrolledForm: View {
    let count: Int

    var body: some View {
        ScrollView {
            VStack(spacing: 12) {
                ForEach(0..<count, id: \.self) { i in
                    TextField("Field \(i)", text: .constant("")).textFieldStyle(.roundedBorder)
                }
            }
            .padding(20)
        }
    }
}

/// A PIN field in a sheet of medium height over a screen.
private struct SheetedField: View {
    @State private var open = true

    var body: some View {
        Text("Locker 12")
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .sheet(isPresented: $open) {
                PINEntry(log: SubmitLog()).presentationDetents([.medium])
            }
    }
}

@MainActor
@Suite("Keyboard avoidance")
struct KeyboardAvoidanceTests {
    let size = Size(width: 600, height: 400)

    private func fields(_ host: UIHost) -> [AccessibilityElement] {
        host.accessibilityElements.filter { $0.traits.contains(.isTextField) }
    }

    /// Taps `point` at `ms` and runs the clock 600 ms on, rendering each frame.
    private func tap(_ host: UIHost, _ point: Point, at ms: Int64, _ canvas: Canvas) {
        _ = host.handle(touch(.down, point.x, point.y, at: ms))
        _ = host.handle(touch(.up, point.x, point.y, at: ms + 50))
        for t in stride(from: ms + 50, through: ms + 650, by: 16) {
            _ = host.advance(to: t * 1000)
            host.render(into: canvas)
        }
    }

    private func keyboardTop(_ host: UIHost) throws -> Double {
        let keys = host.buttonIDs.filter { $0.hasPrefix("key-") }.compactMap { host.frame(ofButton: $0) }
        return try #require(keys.map(\.minY).min())
    }

    private func screenContent(_ host: UIHost) -> Node { (host.rootNode as! ScreenRootNode).content }

    @Test("A covered field on a screen rises with the keyboard's slide, frame by frame, and comes down with it")
    func liftSlides() throws {
        let host = UIHost(size: size, textEngine: textEngine) {
            VStack {
                Spacer()
                TextField("Note", text: .constant("")).textFieldStyle(.roundedBorder)
            }
            .padding(20)
        }
        let canvas = try Canvas(width: 600, height: 400)
        host.render(into: canvas)
        let field = try #require(fields(host).first).frame
        _ = host.handle(touch(.down, field.center.x, field.center.y, at: 0))
        _ = host.handle(touch(.up, field.center.x, field.center.y, at: 50))
        var tops: [Double] = []
        for ms in stride(from: Int64(50), through: 450, by: 25) {
            _ = host.advance(to: ms * 1000)
            host.render(into: canvas)
            tops.append(screenContent(host).frame.minY)
        }
        let lift = -tops.last!
        #expect(lift > 0)
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 >= $1 }, "it only rises")
        #expect(tops.contains { $0 < 0 && $0 > -lift }, "it passes through the heights between")
        #expect(try #require(fields(host).first).frame.maxY <= keyboardTop(host) - UIHost.keyboardClearance)
        #expect(!host.needsFrame)

        _ = host.handle(KeyEvent(.escape, isPressed: true, timestamp: 1_000_000))
        var falling: [Double] = []
        for ms in stride(from: Int64(1000), through: 1400, by: 25) {
            _ = host.advance(to: ms * 1000)
            host.render(into: canvas)
            falling.append(screenContent(host).frame.minY)
        }
        #expect(falling.contains { $0 < 0 && $0 > -lift })
        #expect(falling.last == 0)
        #expect(try #require(fields(host).first).frame == field)
    }

    @Test("A field in a scroll view is scrolled into view above the keyboard; the screen is not lifted")
    func scrollsIntoView() throws {
        let host = UIHost(size: size, textEngine: textEngine) { ScrolledForm(count: 20) }
        let canvas = try Canvas(width: 600, height: 400)
        host.render(into: canvas)
        let top = size.height - KeyboardMetrics.boardHeight(for: .default, screen: size)
        let covered = try #require(fields(host).last { $0.frame.maxY < size.height && $0.frame.maxY > top })
        tap(host, covered.frame.center, at: 0, canvas)
        let now = try #require(fields(host).first { $0.label == covered.label }).frame
        #expect(try now.maxY <= keyboardTop(host) - UIHost.keyboardClearance + 1)
        #expect(now.minY >= 0)
        #expect(now.minY < covered.frame.minY)
        #expect(screenContent(host).frame.minY == 0, "the screen itself stays")
        // Drawn when the caret shows again.
        _ = host.advance(to: 1_100_000)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "keyboard-scrolled-field")
    }

    @Test("The scroll view scrolls the field up along the keyboard's slide, so both arrive together")
    func scrollsWithTheSlide() throws {
        let host = UIHost(size: size, textEngine: textEngine) { ScrolledForm(count: 20) }
        let canvas = try Canvas(width: 600, height: 400)
        host.render(into: canvas)
        let top = size.height - KeyboardMetrics.boardHeight(for: .default, screen: size)
        let covered = try #require(fields(host).last { $0.frame.maxY < size.height && $0.frame.maxY > top })
        _ = host.handle(touch(.down, covered.frame.center.x, covered.frame.center.y, at: 0))
        _ = host.handle(touch(.up, covered.frame.center.x, covered.frame.center.y, at: 50))
        let state = try #require(allNodes(host.rootNode!).compactMap { $0 as? ScrollNode }.first).state
        var offsets: [Int64: Double] = [:]
        for ms in stride(from: Int64(50), through: 400, by: 25) {
            _ = host.advance(to: ms * 1000)
            host.render(into: canvas)
            offsets[ms] = state.y.offset
        }
        let end = try #require(offsets[400])
        #expect(end > 0)
        #expect(offsets[300] == end, "arrived when the keyboard did, 0.25 s on")
        let halfway = try #require(offsets[175]) / end
        #expect(abs(halfway - Keyboard.slide.progress(0.125)) < 0.05, "halfway through the slide: \(halfway)")
    }

    @Test("The last field of a scroll view scrolls above the keyboard into room added under it, which goes with the keyboard")
    func lastFieldGetsRoom() throws {
        let host = UIHost(size: size, textEngine: textEngine) { ScrolledForm(count: 20) }
        let canvas = try Canvas(width: 600, height: 400)
        host.render(into: canvas)
        // Scrolled to the end, the last field lies at the bottom, under where the keyboard comes.
        let scroll = try #require(allNodes(host.rootNode!).compactMap { $0 as? ScrollNode }.first)
        scroll.state.request(Point(x: 0, y: 100_000), animated: false)
        _ = host.advance(to: 10_000)
        host.render(into: canvas)
        let end = scroll.state.y.maximum
        let last = try #require(fields(host).last)
        tap(host, last.frame.center, at: 100, canvas)
        let now = try #require(fields(host).last).frame
        #expect(try now.maxY <= keyboardTop(host) - UIHost.keyboardClearance + 1)
        let state = try #require(allNodes(host.rootNode!).compactMap { $0 as? ScrollNode }.first).state
        #expect(state.y.offset > end)
        _ = host.handle(KeyEvent(.escape, isPressed: true, timestamp: 1_000_000))
        _ = host.advance(to: 2_000_000)
        host.render(into: canvas)
        #expect(state.keyboardInset == 0)
        #expect(state.y.offset == end)
    }

    @Test("A field in a sheet lifts the sheet above the keyboard, not the screen under it")
    func sheetIsLifted() throws {
        let host = UIHost(size: size, textEngine: textEngine) { SheetedField() }
        let canvas = try Canvas(width: 600, height: 400)
        _ = host.run([], until: 1000)
        host.render(into: canvas)
        let field = try #require(fields(host).first).frame
        let top = size.height - KeyboardMetrics.boardHeight(for: .numberPad, screen: size)
        #expect(field.maxY > top, "the keypad would cover the field")
        tap(host, field.center, at: 1000, canvas)
        #expect(try #require(fields(host).first).frame.maxY <= keyboardTop(host) - UIHost.keyboardClearance)
        #expect(screenContent(host).frame.minY == 0)
        try GoldenImage.check(canvas, named: "keyboard-sheet-lifted")
        let key = try #require(host.frame(ofButton: "key-4")).center
        _ = host.run([touch(.down, key.x, key.y, at: 2000), touch(.up, key.x, key.y, at: 2050)], until: 2100)
        #expect(fields(host).first?.value == "•")
    }

    @Test("ignoresSafeArea(.keyboard) leaves the field where it is, under the keyboard")
    func ignoresKeyboard() throws {
        let host = UIHost(size: size, textEngine: textEngine) {
            VStack {
                Spacer()
                TextField("Note", text: .constant("")).textFieldStyle(.roundedBorder)
            }
            .padding(20)
            .ignoresSafeArea(.keyboard)
        }
        let canvas = try Canvas(width: 600, height: 400)
        host.render(into: canvas)
        let field = try #require(fields(host).first).frame
        tap(host, field.center, at: 0, canvas)
        #expect(host.frame(ofButton: "key-q") != nil)
        #expect(try #require(fields(host).first).frame == field)
        #expect(screenContent(host).frame.minY == 0)
    }
}
