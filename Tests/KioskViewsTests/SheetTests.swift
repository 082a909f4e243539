import Testing
import KioskTestSupport
@testable import KioskViews

private struct Sheeted: View {
    let log: Log
    @State private var showing = false

    var body: some View {
        Button("Open") { showing = true }.id("open")
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
            .sheet(isPresented: $showing, onDismiss: { log.lines.append("dismissed") }) {
                SheetContent()
                    .presentationDetents([.medium])
            }
    }
}

private struct SheetContent: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 20) {
            Text("Order")
            Button("Done") { dismiss() }.id("done")
        }
        .padding(24)
    }
}

@MainActor
@Suite("Sheets")
struct SheetTests {
    let size = Size(width: 800, height: 480)

    private func opened(_ log: Log) -> UIHost {
        let host = UIHost(size: size, textEngine: textEngine) { Sheeted(log: log) }
        let (x, y) = host.centre(of: "open")
        _ = host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 50)], until: 50)
        return host
    }

    /// How far down the sheet is drawn in the last frame (0 when it rests).
    private func slide(_ host: UIHost) -> Double? {
        for item in host.renderedList!.items {
            if case let .layer(effect, _) = item.op { return effect.transform.ty }
        }
        return nil
    }

    @Test func slidesUpFromTheBottomToItsDetent() throws {
        let host = opened(Log())
        let canvas = try Canvas(width: 800, height: 480)
        var offsets: [Double] = []
        for ms in stride(from: 66, through: 300, by: 33) {
            _ = host.advance(to: Int64(ms) * 1000)
            host.render(into: canvas)
            offsets.append(slide(host) ?? 0)
        }
        #expect(offsets.first! > 150)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 > $1 })
        _ = host.run([], until: 600)
        host.render(into: canvas)
        #expect(slide(host) == nil)
        let done = try #require(host.frame(ofButton: "done"))
        #expect(done.minY > size.height / 2)
        #expect(host.buttonIDs == ["done"])
    }

    @Test func aSwipeDownDismissesIt() throws {
        let log = Log()
        let host = opened(log)
        _ = host.run([], until: 600)
        let y = size.height / 2 + 10
        let events = host.run([touch(.down, 100, y, at: 1000), touch(.move, 100, y + 60, at: 1050),
                               touch(.move, 100, y + 160, at: 1100), touch(.up, 100, y + 160, at: 1120)], until: 2000)
        #expect(events.isEmpty)
        #expect(log.lines == ["dismissed"])
        #expect(host.buttonIDs == ["open"])
    }

    @Test func aShortDragSpringsBack() throws {
        let log = Log()
        let host = opened(log)
        _ = host.run([], until: 600)
        let y = size.height / 2 + 10
        _ = host.run([touch(.down, 100, y, at: 1000), touch(.move, 100, y + 20, at: 1200),
                      touch(.move, 100, y + 40, at: 1400), touch(.up, 100, y + 40, at: 1600)], until: 2500)
        #expect(log.lines.isEmpty)
        #expect(host.buttonIDs == ["done"])
    }

    @Test func dismissFromTheEnvironmentClosesIt() throws {
        let log = Log()
        let host = opened(log)
        _ = host.run([], until: 600)
        let (x, y) = host.centre(of: "done")
        _ = host.run([touch(.down, x, y, at: 1000), touch(.up, x, y, at: 1050)], until: 2000)
        #expect(log.lines == ["dismissed"])
        #expect(host.buttonIDs == ["open"])
    }

    @Test func golden() throws {
        let host = opened(Log())
        _ = host.run([], until: 600)
        let canvas = try Canvas(width: 800, height: 480)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "sheet-medium")
    }

    @Test func midSlideGolden() throws {
        let host = opened(Log())
        let canvas = try Canvas(width: 800, height: 480)
        _ = host.advance(to: 116_000)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "sheet-mid-slide")
    }
}
