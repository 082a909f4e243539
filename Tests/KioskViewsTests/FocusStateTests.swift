import Foundation
import KioskGestures
import Observation
import Testing
@testable import KioskViews

@Observable
final class FocusLog {
    var fields: [String] = []
    var helpFocused = false
}

/// A sign-in form as the seeds write one: fields bound to a `@FocusState` enum, a "Next"
/// button that moves the focus, a help button with a Boolean focus state.
struct SignInForm: View {
    enum Field: Hashable { case name, pin }
    @FocusState private var field: Field?
    @FocusState private var helpFocused: Bool
    let log: FocusLog

    var body: some View {
        VStack(spacing: 12) {
            Button("Name") {}.id("name").focused($field, equals: .name)
            Button("PIN") {}.id("pin").focused($field, equals: .pin)
            Button("Next") { field = .pin }.id("next")
            Button("Help") {}.id("help").focused($helpFocused)
            Button("Skipped") {}.id("skipped").focusable(false)
            Color.blue.frame(width: 40, height: 40).focusable().accessibilityIdentifier("swatch")
            Button("Done") { helpFocused = false; field = nil }.id("done")
        }
        .onChange(of: field) { _, new in log.fields.append(new.map { "\($0)" } ?? "nil") }
        .onChange(of: helpFocused) { _, new in log.helpFocused = new }
    }
}

@MainActor
@Suite("Focus state")
struct FocusStateTests {
    func host(_ log: FocusLog) throws -> (UIHost, Canvas) {
        let host = UIHost(size: Size(width: 400, height: 600), textEngine: textEngine) { SignInForm(log: log) }
        let canvas = try Canvas(width: 400, height: 600)
        host.render(into: canvas)
        return (host, canvas)
    }

    func tab(_ host: UIHost, _ canvas: Canvas, at ms: Int64) {
        _ = host.handle(KeyEvent(.tab, isPressed: true, timestamp: ms * 1000))
        host.render(into: canvas)
    }

    @Test("Tab onto a view bound with focused(_:equals:) sets the state to its value, and leaving it sets nil")
    func tabSetsTheState() throws {
        let log = FocusLog()
        let (host, canvas) = try host(log)
        tab(host, canvas, at: 0)
        #expect(host.accessibilityFocus == "name")
        tab(host, canvas, at: 10)
        #expect(host.accessibilityFocus == "pin")
        tab(host, canvas, at: 20)
        #expect(log.fields == ["name", "pin", "nil"])
        tab(host, canvas, at: 30)
        #expect(host.accessibilityFocus == "help")
        #expect(log.helpFocused)
        tab(host, canvas, at: 40)
        #expect(!log.helpFocused)
        #expect(host.accessibilityFocus == "swatch", "focusable() made the colour an element; focusable(false) was passed by")
    }

    @Test("Writing the state in an action moves the focus there and reads it out; writing nil takes it away")
    func writingMovesTheFocus() throws {
        let log = FocusLog()
        let (host, canvas) = try host(log)
        let events = try host.activate("next").map(\.description)
        host.render(into: canvas)
        #expect(host.accessibilityFocus == "pin")
        #expect(events.contains { $0.hasSuffix("speak PIN, button") })
        _ = try host.activate("done")
        host.render(into: canvas)
        #expect(host.accessibilityFocus == nil)
        #expect(log.fields == ["pin", "nil"])
    }
}
