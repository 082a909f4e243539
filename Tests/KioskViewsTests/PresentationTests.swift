import KioskDemo
import Testing
import KioskTestSupport
@testable import KioskViews

/// A screen that asks before it deletes, with an alert or a confirmation dialog.
private struct Deleter: View {
    enum Kind { case alert, alertOfThree, dialog }

    let kind: Kind
    let log: Log
    @State private var asking = false

    var body: some View {
        VStack(spacing: 40) {
            Text("Files")
            Button("Delete", role: .destructive) { asking = true }.id("delete")
            Button("Other") { log.lines.append("other") }.id("other")
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .modifier(Asking(kind: kind, log: log, asking: $asking))
    }
}

private struct Asking: ViewModifier {
    let kind: Deleter.Kind
    let log: Log
    @Binding var asking: Bool

    func body(content: Content) -> some View {
        switch kind {
        case .alert:
            content.alert("Delete everything?", isPresented: $asking) {
                Button("Delete", role: .destructive) { log.lines.append("deleted") }.id("confirm")
                Button("Cancel", role: .cancel) { log.lines.append("cancelled") }.id("cancel")
            } message: {
                Text("This cannot be undone.")
            }
        case .alertOfThree:
            content.alert("Save changes?", isPresented: $asking) {
                Button("Cancel", role: .cancel) {}.id("cancel")
                Button("Save") {}.id("save")
                Button("Discard", role: .destructive) {}.id("discard")
            }
        case .dialog:
            content.confirmationDialog("Delete everything?", isPresented: $asking, titleVisibility: .visible) {
                Button("Delete", role: .destructive) { log.lines.append("deleted") }.id("confirm")
            } message: {
                Text("This cannot be undone.")
            }
        }
    }
}

private func tap(_ host: UIHost, _ id: String, at ms: Int64) -> [String] {
    let (x, y) = host.centre(of: id)
    return host.run([touch(.down, x, y, at: ms), touch(.up, x, y, at: ms + 50)], until: ms + 600)
}

@MainActor
@Suite("Presentation")
struct PresentationTests {
    let size = Size(width: 800, height: 480)

    fileprivate func host(_ kind: Deleter.Kind, log: Log) -> UIHost {
        UIHost(size: size, textEngine: textEngine) { Deleter(kind: kind, log: log) }
    }

    @Test func alertDestructiveButtonRunsItsActionAndDismisses() throws {
        let log = Log()
        let host = host(.alert, log: log)
        _ = tap(host, "delete", at: 0)
        #expect(host.buttonIDs == ["cancel", "confirm"])
        let events = tap(host, "confirm", at: 1000)
        #expect(events.contains("1050 confirm triggered tap"))
        #expect(log.lines == ["deleted"])
        #expect(host.buttonIDs == ["delete", "other"])
    }

    @Test func cancelDoesNotRunTheDestructiveAction() throws {
        let log = Log()
        let host = host(.alert, log: log)
        _ = tap(host, "delete", at: 0)
        _ = tap(host, "cancel", at: 1000)
        #expect(log.lines == ["cancelled"])
        #expect(host.buttonIDs == ["delete", "other"])
    }

    @Test func theDimmedScreenSwallowsTouchesOutsideTheDialog() throws {
        let log = Log()
        let host = host(.alert, log: log)
        let other = host.centre(of: "other")
        _ = tap(host, "delete", at: 0)
        let events = host.run([touch(.down, other.0, other.1, at: 1000), touch(.up, other.0, other.1, at: 1050)], until: 1600)
        #expect(events.isEmpty)
        #expect(log.lines.isEmpty)
        #expect(host.buttonIDs == ["cancel", "confirm"])
    }

    @Test func confirmationDialogPlacesCancelApartAtTheBottom() throws {
        let log = Log()
        let host = host(.dialog, log: log)
        _ = tap(host, "delete", at: 0)
        // A cancel button is added below the actions.
        let confirm = try #require(host.frame(ofButton: "confirm"))
        let cancel = try #require(host.buttonIDs.first { $0 != "confirm" }.flatMap(host.frame(ofButton:)))
        #expect(cancel.minY > confirm.maxY + 4)
        #expect(cancel.maxY <= size.height - 8)
        _ = tap(host, "confirm", at: 1000)
        #expect(log.lines == ["deleted"])
    }

    @Test func alertOfThreeStacksWithCancelLast() throws {
        let host = host(.alertOfThree, log: Log())
        _ = tap(host, "delete", at: 0)
        let frames = ["save", "discard", "cancel"].compactMap(host.frame(ofButton:))
        #expect(frames.count == 3)
        #expect(frames[0].maxY <= frames[1].minY && frames[1].maxY <= frames[2].minY)
        #expect(frames[0].minX == frames[2].minX)
    }

    @Test func accessibilityShowsOnlyTheDialogWhilePresented() throws {
        let host = host(.alert, log: Log())
        #expect(host.accessibilityElements.map(\.label).contains("Files"))
        _ = tap(host, "delete", at: 0)
        let labels = host.accessibilityElements.map(\.label)
        #expect(labels == ["Delete everything?", "This cannot be undone.", "Cancel", "Delete"])
        try host.activate("cancel")
        #expect(host.accessibilityElements.map(\.label).contains("Files"))
    }

    @Test func screenReaderFocusMovesIntoTheDialog() throws {
        let host = host(.alert, log: Log())
        host.accessibilityMode = .explore
        _ = host.run([], until: 10)
        _ = try host.activate("delete")
        #expect(host.accessibilityFocus == host.accessibilityElements.first?.id)
        #expect(host.accessibilityElements.first?.label == "Delete everything?")
    }

    @Test func alertScalesInWithAFadeAndFadesOut() throws {
        let host = host(.alert, log: Log())
        let canvas = try Canvas(width: 800, height: 480)
        host.render(into: canvas)
        let (x, y) = host.centre(of: "delete")
        _ = host.handle(touch(.down, x, y, at: 0))
        _ = host.handle(touch(.up, x, y, at: 50))
        _ = host.advance(to: 83_000)
        host.render(into: canvas)
        let ops = host.renderedList!.items.map(\.op)
        let scaled = ops.compactMap { op -> (Double, Double)? in
            guard case let .layer(effect, _) = op else { return nil }
            return (effect.transform.a, effect.opacity)
        }
        try #require(scaled.count == 1)
        #expect(scaled[0].0 > 1.1 && scaled[0].1 < 0.3)
        _ = host.advance(to: 200_000)
        host.render(into: canvas)
        let later = host.renderedList!.items.compactMap { item -> Double? in
            if case let .layer(effect, _) = item.op { return effect.transform.a } else { return nil }
        }
        try #require(later.count == 1)
        #expect(later[0] < scaled[0].0 && later[0] > 1)
        _ = host.advance(to: 400_000)
        host.render(into: canvas)
        #expect(!host.renderedList!.items.contains { if case .layer = $0.op { true } else { false } })
        _ = tap(host, "cancel", at: 500)
        _ = host.run([], until: 1500)
        host.render(into: canvas)
        #expect(!host.renderedList!.items.contains { $0.key.contains("#presented") })
    }

    @Test func goldens() throws {
        let canvas = try Canvas(width: 800, height: 480)
        for (kind, name) in [(Deleter.Kind.alert, "alert-two-buttons"), (.alertOfThree, "alert-three-stacked"),
                             (.dialog, "confirmation-dialog")] {
            let host = host(kind, log: Log())
            _ = tap(host, "delete", at: 0)
            host.render(into: canvas)
            try GoldenImage.check(canvas, named: name)
        }
    }

    @Test func demoDeleteAsksFirst() throws {
        let navigator = Navigator()
        let model = CounterModel()
        let host = UIHost(size: Size(width: 1280, height: 800), screens: DemoApp.screens(model: model, navigator: navigator),
                          textEngine: textEngine, navigator: navigator)
        let plus = host.centre(of: "plus")
        _ = host.run([touch(.down, plus.0, plus.1, at: 0), touch(.up, plus.0, plus.1, at: 50)], until: 100)
        #expect(model.count == 1)
        _ = tap(host, "delete", at: 200)
        #expect(model.count == 1)
        let canvas = try Canvas(width: 1280, height: 800)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "demo-delete-confirmation")
        _ = tap(host, "delete-everything", at: 1000)
        #expect(model.count == 0)
        #expect(host.buttonIDs.contains("plus"))
    }
}
