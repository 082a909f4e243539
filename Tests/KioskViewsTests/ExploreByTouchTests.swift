import Foundation
import KioskDemo
import KioskGestures
import KioskTestSupport
import Testing
@testable import KioskViews

/// Explore by touch, keypad focus and the focus ring, on the built-in demo's home screen.
@MainActor
@Suite("Explore by touch and keypad focus")
struct ExploreByTouchTests {
    func demo(_ mode: AccessibilityMode = .explore) -> UIHost {
        let navigator = Navigator()
        let host = UIHost(size: Size(width: 1280, height: 800), screens: DemoApp.screens(model: CounterModel(), navigator: navigator),
                          textEngine: textEngine, navigator: navigator)
        host.accessibilityMode = mode
        return host
    }

    func spoken(_ events: [String]) -> [String] {
        events.compactMap { event in event.range(of: " speak ").map { String(event[$0.upperBound...]) } }
    }

    func key(_ key: KeyEvent.Key, pressed: Bool = true, at ms: Int64) -> KeyEvent {
        KeyEvent(key, isPressed: pressed, timestamp: ms * 1000)
    }

    func element(_ host: UIHost, _ index: Int) -> AccessibilityElement { host.accessibilityElements[index] }

    func element(_ host: UIHost, _ id: String) -> AccessibilityElement { host.accessibilityElements.first { $0.id == id }! }

    @Test("A finger sliding over buttons reads each once and presses none; a double tap anywhere triggers the last, once")
    func slideAndDoubleTap() {
        let host = demo()
        // "−", "0" (a text) and "+", side by side.
        let (a, b, c) = (element(host, "minus").frame.center, element(host, 2).frame.center, element(host, "plus").frame.center)
        let events = host.run([touch(.down, a.x, a.y, at: 0), touch(.move, (a.x + b.x) / 2, a.y, at: 150),
                               touch(.move, b.x, b.y, at: 300), touch(.move, c.x, c.y, at: 600), touch(.up, c.x, c.y, at: 700),
                               touch(.down, 5, 5, at: 1000), touch(.up, 5, 5, at: 1060),
                               touch(.down, 5, 5, at: 1200), touch(.up, 5, 5, at: 1260)], until: 2000)
        #expect(spoken(events) == ["Screen reader on", "−, button", "0", "+, button"])
        #expect(!events.contains { $0.contains("pressed") })
        #expect(events.filter { $0.contains("triggered") } == ["1260 plus triggered accessibility"])
        #expect(host.accessibilityFocus == "plus")
    }

    @Test("A single tap only reads; a double tap on another element activates the one focused before it")
    func doubleTapKeepsTheFocus() {
        let host = demo()
        let first = element(host, "plus"), other = element(host, "reset")
        let tapFirst = host.run([touch(.down, first.frame.center.x, first.frame.center.y, at: 0),
                                 touch(.up, first.frame.center.x, first.frame.center.y, at: 50)], until: 1000)
        #expect(!tapFirst.contains { $0.contains("triggered") })
        let o = other.frame.center
        let events = host.run([touch(.down, o.x, o.y, at: 1000), touch(.up, o.x, o.y, at: 1050),
                               touch(.down, o.x, o.y, at: 1200), touch(.up, o.x, o.y, at: 1250)], until: 2000)
        #expect(events.filter { $0.contains("triggered") } == ["1250 plus triggered accessibility"])
    }

    @Test("A flick right moves to the next element and left to the previous, from the focus the touch began with")
    func flicks() {
        let host = demo()
        _ = try? host.focus(element(host, 1).id)
        // The flick starts on element 4: it is read, but the move goes on from element 1.
        let start = element(host, 4).frame.center
        let right = host.run([touch(.down, start.x, start.y, at: 0), touch(.move, start.x + 60, start.y, at: 60),
                              touch(.up, start.x + 120, start.y, at: 120)], until: 500)
        #expect(host.accessibilityFocus == element(host, 2).id)
        #expect(spoken(right).last == element(host, 2).description)
        _ = host.run([touch(.down, start.x, start.y, at: 1000), touch(.up, start.x - 120, start.y, at: 1100)], until: 1500)
        #expect(host.accessibilityFocus == element(host, 1).id)
    }

    @Test("Tab and the arrows move the focus in reading order, Shift-Tab back, Enter activates, Escape clears")
    func keys() {
        let host = demo(.standard)
        let ids = host.accessibilityElements.map(\.id)
        var events = host.handle(key(.tab, at: 0))
        #expect(host.accessibilityFocus == ids[0])
        #expect(spoken(events.map(\.description)) == [element(host, 0).description])
        _ = host.handle(key(.tab, at: 10))
        _ = host.handle(key(.down, at: 20))
        #expect(host.accessibilityFocus == ids[2])
        _ = host.handle(key(.leftShift, at: 30))
        _ = host.handle(key(.tab, at: 40))
        _ = host.handle(key(.leftShift, pressed: false, at: 50))
        #expect(host.accessibilityFocus == ids[1])
        _ = host.handle(key(.left, at: 60))
        _ = host.handle(key(.left, at: 70))
        #expect(host.accessibilityFocus == ids.last, "moving back from the first wraps round")
        _ = host.handle(key(.right, at: 80))
        _ = host.handle(key(.tab, at: 85))
        #expect(host.accessibilityFocus == "minus")
        events = host.handle(key(.enter, at: 90))
        #expect(events.map(\.description) == ["90 minus triggered accessibility"])
        _ = host.handle(key(.escape, at: 100))
        #expect(host.accessibilityFocus == nil)
    }

    @Test("Right to left, the right arrow moves back in reading order")
    func rightToLeftKeys() {
        let host = demo(.standard)
        host.locale = LanguageTag("ar")
        let ids = host.accessibilityElements.map(\.id)
        _ = host.handle(key(.tab, at: 0))
        _ = host.handle(key(.left, at: 10))
        #expect(host.accessibilityFocus == ids[1])
        _ = host.handle(key(.right, at: 20))
        #expect(host.accessibilityFocus == ids[0])
    }

    @Test("A disabled element is read again, not activated")
    func disabledIsRead() throws {
        let host = UIHost(size: Size(width: 300, height: 200), textEngine: textEngine) {
            Button("Pay") {}.id("pay").disabled(true)
        }
        let disabled = try #require(host.accessibilityElements.first { $0.traits.contains(.isDisabled) })
        _ = try host.focus(disabled.id)
        let events = host.handle(key(.enter, at: 0)).map(\.description)
        #expect(spoken(events) == [disabled.description])
        #expect(!events.contains { $0.contains("triggered") })
    }

    /// Three fingers tapping together at `ms`, then 80 ms later lifting.
    func threeFingerTap(at ms: Int64) -> [TouchFrame] {
        [TouchPhase.down, .up].enumerated().map { i, phase in
            let t = (ms + Int64(i) * 80) * 1000
            return TouchFrame(events: (0..<3).map { TouchEvent(slot: $0, phase: phase, location: TouchLocation(x: 100 + Double($0) * 80, y: 700), timestamp: t) },
                              timestamp: t)
        }
    }

    @Test("Three fingers tapping three times switch explore mode on, and off again")
    func threeFingerTripleTap() {
        let host = demo(.standard)
        let on = host.run([100, 400, 700].flatMap(threeFingerTap), until: 1000)
        #expect(host.accessibilityMode == .explore)
        #expect(spoken(on) == ["Screen reader on"])
        let slow = host.run([1500, 2400, 2700].flatMap(threeFingerTap), until: 3000)
        #expect(host.accessibilityMode == .explore, "taps too far apart are no triple tap")
        #expect(spoken(slow).isEmpty)
        #expect(spoken(host.run([3500, 3800, 4100].flatMap(threeFingerTap), until: 4500)) == ["Screen reader off"])
        #expect(host.accessibilityMode == .standard)
    }

    @Test("Explore mode coming on cancels a press under way; the finger lifting then triggers nothing")
    func pressUnderWayIsCancelled() {
        let host = demo(.standard)
        let plus = host.centre(of: "plus")
        let pressed = host.run([touch(.down, plus.0, plus.1, at: 0)], until: 100)
        #expect(pressed == ["0 plus pressed"])
        host.accessibilityMode = .explore
        let switched = host.advance(to: 200_000).map(\.description)
        #expect(switched.contains("100 plus cancelled"))
        #expect(spoken(switched) == ["Screen reader on"])
        let lift = host.run([touch(.up, plus.0, plus.1, at: 300)], until: 1000)
        #expect(!lift.contains { $0.contains("plus") })
    }

    @Test("A screen switch in explore mode focuses and reads the new screen's first element")
    func screenSwitch() {
        let host = demo()
        host.show(screen: "settings")
        let events = host.advance(to: 1000).map(\.description)
        #expect(events.contains("0 screen settings"))
        #expect(host.accessibilityFocus == host.accessibilityElements.first?.id)
        #expect(spoken(events).last == host.accessibilityElements.first?.description)
    }

    @Test("An element without a label is read by its role; an empty screen has nothing to focus")
    func unlabelledAndEmpty() {
        let host = UIHost(size: Size(width: 300, height: 200), textEngine: textEngine) {
            Button(action: {}) { Rectangle().frame(width: 80, height: 80) }.id("blank")
        }
        #expect(spoken(host.moveFocus(forward: true).map(\.description)) == ["button"])
        let empty = UIHost(size: Size(width: 300, height: 200), textEngine: textEngine) { EmptyView() }
        #expect(empty.moveFocus(forward: true).isEmpty)
        #expect(empty.handle(key(.enter, at: 0)).isEmpty)
        #expect(empty.accessibilityFocus == nil)
    }

    @Test("A label of 10,000 characters is read whole and the screen goes on working")
    func hugeLabel() throws {
        let label = String(repeating: "Coffee ", count: 1500).prefix(10_000)
        let host = UIHost(size: Size(width: 300, height: 200), textEngine: textEngine) {
            Button(String(label)) {}.id("long")
        }
        host.accessibilityMode = .explore
        let frame = try #require(host.frame(ofButton: "long"))
        let events = host.run([touch(.down, frame.center.x, frame.center.y, at: 0), touch(.up, frame.center.x, frame.center.y, at: 50),
                               touch(.down, frame.center.x, frame.center.y, at: 200), touch(.up, frame.center.x, frame.center.y, at: 250)],
                              until: 500)
        #expect(spoken(events).last == String(label) + ", button")
        #expect(events.last == "250 long triggered accessibility")
    }

    @Test("The focus ring is drawn round the focused element; moving it redraws only the two rings")
    func focusRing() throws {
        let host = demo(.standard)
        let canvas = try Canvas(width: 1280, height: 800)
        host.render(into: canvas)
        _ = try host.focus("plus")
        #expect(host.needsFrame)
        let first = host.render(into: canvas)
        let frame = element(host, "plus").frame
        #expect(first.bounds.contains(frame.insetBy(dx: -5, dy: -5).enclosingPixels))
        #expect(canvas.argb(x: Int(frame.minX) - 3, y: Int(frame.center.y)) == 0xFF00_0000)
        try GoldenImage.check(canvas, named: "demo-home-focus-ring")
        _ = host.handle(key(.tab, at: 10))
        #expect(host.accessibilityFocus == "reset")
        let moved = host.render(into: canvas)
        let next = element(host, "reset").frame
        let rings = Region(frame.insetBy(dx: -6, dy: -6).enclosingPixels).union(next.insetBy(dx: -6, dy: -6).enclosingPixels)
        #expect(moved.area > 0 && moved.area <= rings.area)
        #expect(canvas.argb(x: Int(frame.minX) - 3, y: Int(frame.center.y)) != 0xFF00_0000)
        #expect(canvas.argb(x: Int(next.minX) - 3, y: Int(next.center.y)) == 0xFF00_0000)
    }
}
