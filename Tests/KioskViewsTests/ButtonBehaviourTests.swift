import Observation
import KioskDemo
import Testing
@testable import KioskViews

@Observable
final class Counter {
    var count = 0
    var log: [String] = []
}

@MainActor
@Suite("Button behaviour")
struct ButtonBehaviourTests {
    func counterHost(_ counter: Counter) -> UIHost {
        UIHost(size: Size(width: 800, height: 480), textEngine: textEngine) {
            VStack(spacing: 40) {
                Text("\(counter.count)").font(.largeTitle)
                HStack(spacing: 40) {
                    Button("−") { counter.count -= 1 }.id("minus")
                    Button("+") { counter.count += 1 }.id("plus")
                }
                .buttonRepeatBehavior(.enabled)
                Button("Reset", role: .destructive) { counter.count = 0 }.id("reset").buttonStyle(.longPress())
                Button("Off") { counter.log.append("off") }.id("off").disabled(true)
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
        }
    }

    @Test("A tap presses, releases and triggers once; the action runs")
    func tap() {
        let counter = Counter()
        let host = counterHost(counter)
        let (x, y) = host.centre(of: "plus")
        let events = host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 120)], until: 400)
        #expect(events == ["0 plus pressed", "120 plus released", "120 plus triggered tap"])
        #expect(counter.count == 1)
    }

    @Test("Tap then drag out past the margin: cancelled, no trigger")
    func dragOut() {
        let counter = Counter()
        let host = counterHost(counter)
        let f = host.frame(ofButton: "plus")!
        let (x, y) = host.centre(of: "plus")
        let events = host.run([touch(.down, x, y, at: 0), touch(.move, x, f.maxY + 30, at: 60), touch(.up, x, f.maxY + 30, at: 100)], until: 200)
        #expect(events == ["0 plus pressed", "60 plus cancelled"])
        #expect(counter.count == 0)
    }

    @Test("Held with repeat: first repeat at 500 ms, then every 100 ms; no tap on release")
    func repeatCadence() {
        let counter = Counter()
        let host = counterHost(counter)
        let (x, y) = host.centre(of: "plus")
        let events = host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 850)], until: 1000)
        #expect(events == ["0 plus pressed", "500 plus triggered repeat", "600 plus triggered repeat",
                           "700 plus triggered repeat", "800 plus triggered repeat", "850 plus released"])
        #expect(counter.count == 4)
    }

    @Test("A long-press button triggers once at 500 ms and not on release")
    func longPress() {
        let counter = Counter()
        counter.count = 7
        let host = counterHost(counter)
        let (x, y) = host.centre(of: "reset")
        let short = host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 300)], until: 400)
        #expect(short == ["0 reset pressed", "300 reset released"])
        #expect(counter.count == 7)
        let held = host.run([touch(.down, x, y, at: 1000), touch(.up, x, y, at: 2000)], until: 2100)
        #expect(held == ["1000 reset pressed", "1500 reset triggered longPress", "2000 reset released"])
        #expect(counter.count == 0)
    }

    @Test("A disabled button reports nothing and runs nothing")
    func disabled() {
        let counter = Counter()
        let host = counterHost(counter)
        let (x, y) = host.centre(of: "off")
        #expect(host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 100)], until: 200).isEmpty)
        #expect(counter.log.isEmpty)
    }

    @Test("A second finger on the pressed button is not the button's: the first finger's lift triggers it, once")
    func secondFinger() {
        let counter = Counter()
        let host = counterHost(counter)
        let (x, y) = host.centre(of: "minus")
        let events = host.run([touch(.down, x, y, at: 0), touch(.down, x + 5, y, at: 50, slot: 1),
                               touch(.up, x, y, at: 80), touch(.up, x + 5, y, at: 100, slot: 1)], until: 200)
        #expect(events == ["0 minus pressed", "80 minus released", "80 minus triggered tap"])
        #expect(counter.count == -1)
    }

    @Test("A button disabled by a model change while pressed, between touches, reports its press cancelled")
    func disabledBetweenTouches() throws {
        let counter = Counter()
        let host = UIHost(size: Size(width: 800, height: 480), textEngine: textEngine) {
            Button("Go") { counter.log.append("go") }.id("go").disabled(counter.count > 0)
        }
        let canvas = try Canvas(width: 800, height: 480)
        host.render(into: canvas)
        let (x, y) = host.centre(of: "go")
        #expect(host.handle(touch(.down, x, y, at: 0)).map(\.description) == ["0 go pressed"])
        counter.count = 1
        host.render(into: canvas)
        let lifted = host.handle(touch(.up, x, y, at: 100)).map(\.description)
        #expect(lifted.contains { $0.hasSuffix("go cancelled") }, "\(lifted)")
        #expect(!lifted.contains { $0.contains("released") || $0.contains("triggered") }, "\(lifted)")
        #expect(counter.log.isEmpty)
    }

    @Test("A frame drawn into another canvas is drawn whole; into the same one again, only what changed")
    func anotherCanvasIsDrawnWhole() throws {
        let host = counterHost(Counter())
        let first = try Canvas(width: 800, height: 480)
        let second = try Canvas(width: 800, height: 480)
        #expect(host.render(into: first).area == 800 * 480)
        #expect(host.render(into: second).area == 800 * 480)
        #expect(host.render(into: second).area == 0)
        #expect(host.render(into: first).area == 800 * 480)
    }

    @Test("A model change re-renders: only the changed text's pixels are redrawn")
    func observedChangeDamage() throws {
        let counter = Counter()
        let host = counterHost(counter)
        let canvas = try Canvas(width: 800, height: 480)
        #expect(host.render(into: canvas).area == 800 * 480)
        #expect(!host.needsFrame)
        counter.count = 5
        #expect(host.needsFrame)
        let damage = host.render(into: canvas)
        let text = try #require(allNodes(host.rootNode!).first { ($0 as? TextNode)?.text.runs.first?.string == "5" })
        // A text's drawing reaches 2 px past its frame (glyph overhang), so its damage does.
        let textRect = text.frame.enclosingPixels.insetBy(dx: -2, dy: -2)
        #expect(textRect.union(damage.bounds) == textRect, "damage \(damage) outside the text's frame \(textRect)")
        #expect(damage.area > 0)
    }

    @Test("A model change re-resolves only the views that read it")
    func onlyReadersReResolve() throws {
        let counter = Counter()
        let bodies = BodyCounter()
        let host = UIHost(size: Size(width: 800, height: 480), textEngine: textEngine) {
            VStack {
                CountLabel(counter: counter, bodies: bodies)
                StaticPanel(bodies: bodies)
                Button("+") { counter.count += 1 }.id("plus")
            }
        }
        let canvas = try Canvas(width: 800, height: 480)
        host.render(into: canvas)
        #expect(bodies.count == ["count": 1, "panel": 1])
        let (x, y) = host.centre(of: "plus")
        let events = host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 50)], until: 100)
        #expect(events == ["0 plus pressed", "50 plus released", "50 plus triggered tap"])
        #expect(host.needsFrame)
        let damage = host.render(into: canvas)
        #expect(bodies.count == ["count": 2, "panel": 1])
        let label = try #require(allNodes(host.rootNode!).first { ($0 as? TextNode)?.text.runs.first?.string == "Count 1" })
        #expect(damage.bounds.contains(label.frame.enclosingPixels))
        // Another tap still works on the partly re-resolved tree.
        _ = host.run([touch(.down, x, y, at: 200), touch(.up, x, y, at: 250)], until: 300)
        #expect(counter.count == 2)
    }

    @Test("Swipes that start outside every button switch screens; goto switches too")
    func screens() {
        let navigator = Navigator()
        let host = UIHost(size: Size(width: 800, height: 480), screens: [
            Screen("home", swipeLeft: "settings") {
                Button("Settings") { navigator.go(to: "settings") }.id("open")
            },
            Screen("settings", swipeRight: "home") {
                Button("Back") {}.id("back")
            },
        ], textEngine: textEngine, navigator: navigator)
        let swipe = host.run([touch(.down, 700, 400, at: 0), touch(.move, 600, 400, at: 40), touch(.up, 500, 400, at: 80)], until: 200)
        #expect(swipe == ["80 swipe left", "80 screen settings"])
        #expect(host.currentScreen == "settings")
        let back = host.run([touch(.down, 100, 400, at: 300), touch(.move, 200, 400, at: 340), touch(.up, 300, 400, at: 380)], until: 500)
        #expect(back == ["380 swipe right", "380 screen home"])
        let (x, y) = host.centre(of: "open")
        let go = host.run([touch(.down, x, y, at: 600), touch(.up, x, y, at: 650)], until: 700)
        #expect(go == ["600 open pressed", "650 open released", "650 open triggered tap", "650 screen settings"])
        #expect(host.buttonIDs == ["back"])
    }

    @Test("After a switch nothing of the old screen's batch is delivered, even to a button of the same id on the new screen")
    func switchDropsTheRestOfTheBatch() {
        let navigator = Navigator()
        var log: [String] = []
        let host = UIHost(size: Size(width: 800, height: 480), screens: [
            Screen("a") {
                HStack(spacing: 100) {
                    Button("Go") { log.append("go"); navigator.go(to: "b") }.id("go")
                    Button("OK") { log.append("ok on a") }.id("ok")
                }
                .buttonStyle(.longPress())
            },
            Screen("b") { Button("OK") { log.append("ok on b") }.id("ok").buttonStyle(.longPress()) },
        ], textEngine: textEngine, navigator: navigator)
        let (gx, gy) = host.centre(of: "go"), (ox, oy) = host.centre(of: "ok")
        // Both long presses fire at 500 ms in one batch; the first one switches screens.
        var events = host.handle(touch(.down, gx, gy, at: 0)) + host.handle(touch(.down, ox, oy, at: 0, slot: 1))
        events += host.advance(to: 500_000)
        #expect(events.map(\.description) == ["0 go pressed", "0 ok pressed", "500 go triggered longPress"]
            + ["500 go cancelled", "500 ok cancelled", "500 screen b"])
        #expect(log == ["go"])
    }

    @Test("A sideways swipe that starts on a button cancels it past the slop and switches screens, as a pager does")
    func swipeOnButton() {
        var triggered = 0
        let host = UIHost(size: Size(width: 800, height: 480), screens: [
            Screen("home", swipeLeft: "settings") { Button("Wide") { triggered += 1 }.id("wide").frame(width: 600, height: 200) },
            Screen("settings") { EmptyView() },
        ], textEngine: textEngine)
        let (x, y) = host.centre(of: "wide")
        // 8 px is within the slop; at 12 px the swipe claims the touch, well inside the button.
        let events = host.run([touch(.down, x, y, at: 0), touch(.move, x - 8, y, at: 20), touch(.move, x - 12, y, at: 30),
                               touch(.move, x - 60, y + 3, at: 60), touch(.up, x - 60, y + 3, at: 80)], until: 200)
        #expect(events == ["0 wide pressed", "30 wide cancelled", "80 swipe left", "80 screen settings"])
        #expect(host.currentScreen == "settings" && triggered == 0)
    }

    @Test("Vertical movement on a button of a sideways pager is the button's: it triggers inside, cancels outside the margin")
    func verticalMoveOnButton() {
        var triggered = 0
        let host = UIHost(size: Size(width: 800, height: 480), screens: [
            Screen("home", swipeLeft: "settings") { Button("Wide") { triggered += 1 }.id("wide").frame(width: 600, height: 200) },
            Screen("settings") { EmptyView() },
        ], textEngine: textEngine)
        let f = host.frame(ofButton: "wide")!
        let (x, y) = host.centre(of: "wide")
        let inside = host.run([touch(.down, x, y, at: 0), touch(.move, x + 2, y + 20, at: 30), touch(.up, x + 2, y + 20, at: 60)], until: 100)
        #expect(inside == ["0 wide pressed", "60 wide released", "60 wide triggered tap"])
        let outside = host.run([touch(.down, x, y, at: 200), touch(.move, x, f.maxY + 30, at: 230), touch(.up, x, f.maxY + 30, at: 260)], until: 300)
        #expect(outside == ["200 wide pressed", "230 wide cancelled"])
        #expect(host.currentScreen == "home" && triggered == 1)
    }

    @Test("The cancellable primitive style cancels as soon as the finger leaves the button")
    func cancellableStyle() {
        var triggered = 0
        let host = UIHost(size: Size(width: 800, height: 480), textEngine: textEngine) {
            HStack(spacing: 100) {
                Button("Standard") { triggered += 1 }.id("standard").buttonStyle(RoundedAndShadowButtonStyle())
                Button("Cancellable") { triggered += 10 }.id("cancellable").buttonStyle(CancellableButtonStyle())
            }
        }
        for (i, id) in ["standard", "cancellable"].enumerated() {
            let f = host.frame(ofButton: id)!
            let (x, y) = host.centre(of: id)
            let t = Int64(i) * 1000
            _ = host.run([touch(.down, x, y, at: t), touch(.move, x, f.maxY + 10, at: t + 40), touch(.up, x, f.maxY + 10, at: t + 80)],
                         until: t + 900)
        }
        // 10 px out is inside the standard 24 px margin but outside the cancellable's 0.
        #expect(triggered == 1)
    }
}

final class BodyCounter: @unchecked Sendable {
    var count: [String: Int] = [:]
}

struct CountLabel: View {
    let counter: Counter
    let bodies: BodyCounter

    var body: some View {
        bodies.count["count", default: 0] += 1
        return Text("Count \(counter.count)").frame(width: 200)
    }
}

struct StaticPanel: View {
    let bodies: BodyCounter

    var body: some View {
        bodies.count["panel", default: 0] += 1
        return Text("Static")
    }
}
