import Testing
@testable import KioskViews

/// A PIN field in a sheet over a screen with a button that opens it.
private struct SheetedPIN: View {
    let log: SubmitLog
    @State private var open = true

    var body: some View {
        Text("Locker 12")
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .sheet(isPresented: $open) {
                PINEntry(log: log).presentationDetents([.medium])
            }
    }
}

@MainActor
@Suite("The keyboard's transition")
struct KeyboardTransitionTests {
    let size = Size(width: 600, height: 400)

    /// How far below its place the keyboard is drawn (nil: not drawn moving).
    private func drop(_ host: UIHost) -> Double? {
        for item in host.renderedList!.items where item.key.hasPrefix("keyboard") && item.key.hasSuffix("#transition") {
            if case let .layer(effect, _) = item.op { return effect.transform.ty }
        }
        return nil
    }

    private func keyDrawn(_ host: UIHost) -> Bool {
        host.renderedList!.items.contains { $0.key.hasPrefix("keyboard") }
    }

    private func frame(_ host: UIHost, at ms: Int64, _ canvas: Canvas) {
        _ = host.advance(to: ms * 1000)
        host.render(into: canvas)
    }

    @Test("The keyboard slides up from the bottom edge when a field is edited and back down when editing ends")
    func slidesUpAndDown() throws {
        let host = UIHost(size: size, textEngine: textEngine) { PINEntry(log: SubmitLog()) }
        let canvas = try Canvas(width: 600, height: 400)
        host.render(into: canvas)
        let field = try #require(host.accessibilityElements.first { $0.traits.contains(.isTextField) }).frame.center
        _ = host.handle(touch(.down, field.x, field.y, at: 0))
        _ = host.handle(touch(.up, field.x, field.y, at: 50))
        let height = KeyboardMetrics.boardHeight(for: .numberPad, screen: size)
        // From the frame it first shows in, it rises along the ease-out to its place.
        var drops: [Double] = []
        for ms in stride(from: Int64(50), through: 400, by: 25) {
            frame(host, at: ms, canvas)
            if let drop = drop(host) { drops.append(drop) }
        }
        #expect(drops.count >= 5)
        #expect((drops.first ?? 0) >= height * 0.8)
        #expect(zip(drops, drops.dropFirst()).allSatisfy { $0 > $1 })
        frame(host, at: 400, canvas)
        #expect(drop(host) == nil && keyDrawn(host))

        // Done ends editing: the keys go at once, the keyboard slides down.
        let done = try #require(host.frame(ofButton: "key-Done")).center
        _ = host.handle(touch(.down, done.x, done.y, at: 1000))
        _ = host.handle(touch(.up, done.x, done.y, at: 1050))
        #expect(host.frame(ofButton: "key-4") == nil)
        frame(host, at: 1150, canvas)
        let going = try #require(drop(host))
        #expect(going > 0 && going < height)
        frame(host, at: 1400, canvas)
        #expect(!keyDrawn(host))
    }

    @Test("A field in a sheet: the keyboard is drawn over the sheet and its keys type")
    func fieldInASheet() throws {
        let log = SubmitLog()
        let host = UIHost(size: size, textEngine: textEngine) { SheetedPIN(log: log) }
        let canvas = try Canvas(width: 600, height: 400)
        _ = host.run([], until: 1000)
        host.render(into: canvas)
        let field = try #require(host.accessibilityElements.first { $0.traits.contains(.isTextField) }).frame.center
        var ms: Int64 = 1000
        for key in ["field", "key-4", "key-2", "key-Done"] {
            let point = key == "field" ? field : try #require(host.frame(ofButton: key), "no \(key)").center
            _ = host.run([touch(.down, point.x, point.y, at: ms), touch(.up, point.x, point.y, at: ms + 50)], until: ms + 400)
            if key == "field" {
                host.render(into: canvas)
                let items = host.renderedList!.items
                let sheet = try #require(items.lastIndex { $0.key.hasPrefix("main") && $0.key.contains("#presented") })
                let keyboard = try #require(items.firstIndex { $0.key.hasPrefix("keyboard") })
                #expect(keyboard > sheet, "the keyboard is drawn over the sheet")
            }
            ms += 500
        }
        #expect(log.submitted == ["42"])
    }
}
