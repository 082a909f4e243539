import Foundation
import Testing
import KioskTestSupport
@testable import KioskViews

@MainActor
@Suite("Screen transitions")
struct ScreenTransitionTests {
    let size = Size(width: 400, height: 300)

    private func host(_ transition: ScreenTransition = .slide, navigator: Navigator = Navigator()) -> UIHost {
        let host = UIHost(size: size, screens: [
            Screen("home", swipeLeft: "settings") {
                VStack { Text("Home"); Button {} label: { Text("Wide").frame(width: 300, height: 100) }.id("wide") }
            },
            Screen("settings", swipeRight: "home", background: .yellow) { Text("Settings") },
        ], textEngine: textEngine, navigator: navigator)
        host.screenTransition = transition
        return host
    }

    /// Where the old and new screens are drawn across (nil: that screen is not drawn as moving).
    private func offsets(_ host: UIHost) -> (old: Double?, new: Double?) {
        var old: Double?, new: Double?
        for item in host.renderedList!.items {
            guard case let .layer(effect, _) = item.op else { continue }
            if item.key == "#screen-old" { old = effect.transform.tx }
            if item.key == "#screen-new" { new = effect.transform.tx }
        }
        return (old, new)
    }

    private func frame(_ host: UIHost, at ms: Int64, _ canvas: Canvas) -> (old: Double?, new: Double?) {
        _ = host.advance(to: ms * 1000)
        host.render(into: canvas)
        return offsets(host)
    }

    @Test("A goto pushes the new screen in from the trailing edge while the old one slides out; the switch is reported at once")
    func gotoSlides() throws {
        let navigator = Navigator()
        let host = host(navigator: navigator)
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        navigator.go(to: "settings")
        #expect(host.currentScreen == "settings")
        #expect(host.advance(to: 0).map(\.description) == ["0 screen settings"])
        var news: [Double] = []
        for ms in stride(from: 0, through: 500, by: 50) {
            let (old, new) = frame(host, at: Int64(ms), canvas)
            let incoming = try #require(new)
            #expect(old == incoming - 400, "the screens move together")
            news.append(incoming)
        }
        #expect(news.first == 400)
        #expect(zip(news, news.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(news[2] < 200 && news[2] > 100, "the spring is most of the way in after 0.1 s")
        _ = frame(host, at: 1000, canvas)
        #expect(offsets(host) == (nil, nil))
        #expect(!host.needsFrame)
    }

    @Test("Right to left, a goto comes in from the left")
    func gotoMirrors() throws {
        let navigator = Navigator()
        let host = host(navigator: navigator)
        host.locale = LanguageTag("he")
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        navigator.go(to: "settings")
        #expect(frame(host, at: 0, canvas).new == -400)
        #expect(frame(host, at: 100, canvas).old.map { $0 > 0 } == true)
    }

    @Test("A swipe moves both screens with the finger and settles on the new one once past half")
    func swipeFollowsAndSettles() throws {
        let host = host()
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        // The stroke starts on a button: once the drag claims the touch the press is cancelled.
        var events = host.handle(touch(.down, 300, 150, at: 0)).map(\.description)
        for (ms, x) in [(Int64(20), 280.0), (100, 200), (300, 120), (500, 90)] {
            events += host.handle(touch(.move, x, 150, at: ms)).map(\.description)
            host.render(into: canvas)
            let (old, new) = offsets(host)
            #expect(old == x - 300 && new == x - 300 + 400, "at \(x) the screens sit at the finger's travel")
        }
        #expect(host.currentScreen == "home")
        events += host.handle(touch(.up, 90, 150, at: 600)).map(\.description)
        #expect(events == ["0 wide pressed", "20 wide cancelled", "600 swipe left", "600 screen settings"])
        #expect(frame(host, at: 600, canvas).new == 190)
        let later = try #require(frame(host, at: 700, canvas).new)
        #expect(later < 190 && later >= 0)
        _ = frame(host, at: 1600, canvas)
        #expect(offsets(host) == (nil, nil))
        #expect(host.currentScreen == "settings")
    }

    @Test("A slow drag short of half springs back to the old screen; nothing is reported")
    func springsBack() throws {
        let host = host()
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        var events: [String] = []
        for frame in [touch(.down, 350, 250, at: 0), touch(.move, 330, 250, at: 100), touch(.move, 250, 250, at: 500),
                      touch(.move, 250, 250, at: 900), touch(.up, 250, 250, at: 1000)] {
            events += host.handle(frame).map(\.description)
        }
        #expect(events.isEmpty)
        #expect(frame(host, at: 1000, canvas).old == -100)
        let back = try #require(frame(host, at: 1100, canvas).old)
        #expect(back > -100 && back <= 0)
        _ = frame(host, at: 2000, canvas)
        #expect(offsets(host) == (nil, nil))
        #expect(host.currentScreen == "home")
        #expect(!host.needsFrame)
    }

    @Test("A flick short of half turns the page")
    func flickTurns() throws {
        let host = host()
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        let events = host.run([touch(.down, 350, 250, at: 0), touch(.move, 320, 250, at: 20), touch(.move, 270, 250, at: 40),
                               touch(.up, 250, 250, at: 60)], until: 60)
        #expect(events == ["60 swipe left", "60 screen settings"])
    }

    @Test("A flick's page turn starts at the finger's speed: the first settle frames carry on as fast as it moved")
    func flickCarriesOn() throws {
        let host = host()
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        // 2 px/ms to the left, steadily, lifted a quarter of the way across.
        _ = host.run([touch(.down, 360, 150, at: 0), touch(.move, 340, 150, at: 10), touch(.move, 320, 150, at: 20),
                      touch(.move, 300, 150, at: 30), touch(.move, 280, 150, at: 40), touch(.move, 260, 150, at: 50),
                      touch(.up, 260, 150, at: 50)], until: 50)
        #expect(host.currentScreen == "settings")
        let lifted = try #require(frame(host, at: 50, canvas).new)
        #expect(lifted == 300)
        let next = try #require(frame(host, at: 58, canvas).new)
        let speed = (lifted - next) / 8
        #expect(speed > 1.6 && speed < 2.5, "moves at about the finger's 2 px/ms, not from rest: \(speed)")
        let later = try #require(frame(host, at: 150, canvas).new)
        #expect(later >= 0 && later < next)
        _ = frame(host, at: 1500, canvas)
        #expect(offsets(host) == (nil, nil))
        #expect(!host.needsFrame)
    }

    @Test("A screen thrown back short of half springs back at the finger's speed, and never past its place")
    func throwBackCarriesOn() throws {
        let host = host()
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        // Slowly to 150 px across, then quickly 40 px back (2 px/ms) and lifted.
        _ = host.run([touch(.down, 380, 150, at: 0), touch(.move, 360, 150, at: 100), touch(.move, 300, 150, at: 400),
                      touch(.move, 230, 150, at: 700), touch(.move, 250, 150, at: 710), touch(.move, 270, 150, at: 720),
                      touch(.up, 270, 150, at: 720)],
                     until: 720)
        #expect(host.currentScreen == "home")
        let lifted = try #require(frame(host, at: 720, canvas).old)
        #expect(lifted == -110)
        let next = try #require(frame(host, at: 728, canvas).old)
        let speed = (next - lifted) / 8
        #expect(speed > 1.5 && speed < 2.5, "moves back at about the finger's 2 px/ms: \(speed)")
        for ms in stride(from: Int64(736), through: 1200, by: 16) {
            let old = frame(host, at: ms, canvas).old ?? 0
            #expect(old <= 0, "the old screen stops at its place")
        }
    }

    @Test("A swipe whose velocity is not a number settles from rest, and the screens settle")
    func nanVelocitySettles() throws {
        let host = host()
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        _ = host.run([touch(.down, 380, 150, at: 0), touch(.move, 300, 150, at: 100), touch(.move, 150, 150, at: 300)],
                     until: 300)
        host.render(into: canvas)
        let motion = try #require(host.screenMotion)
        motion.settle(from: 0.6, to: 1, velocity: .nan, at: 300_000)
        #expect(motion.progress(at: 310_000).isFinite)
        motion.settle(from: 0.6, to: 1, velocity: .infinity, at: 300_000)
        #expect((0...1).contains(motion.progress(at: 310_000)))
        #expect(motion.hasSettled(at: 2_000_000))
    }

    @Test("Push moves the old screen a third of the way under the new one; fade crossfades; none is instant")
    func otherLooks() throws {
        let canvas = try Canvas(width: 400, height: 300)
        let navigator = Navigator()
        let pushed = host(.push, navigator: navigator)
        pushed.render(into: canvas)
        navigator.go(to: "settings")
        let (old, new) = frame(pushed, at: 100, canvas)
        let incoming = try #require(new)
        #expect(old == ((incoming - 400) / 3).rounded())

        let fading = Navigator()
        let faded = host(.fade, navigator: fading)
        faded.render(into: canvas)
        fading.go(to: "settings")
        _ = faded.advance(to: 100_000)
        faded.render(into: canvas)
        let layer = faded.renderedList!.items.first { $0.key == "#screen-new" }
        guard case let .layer(effect, _)? = layer?.op else { Issue.record("no fading screen"); return }
        #expect(effect.opacity > 0.3 && effect.opacity < 0.8)

        let instant = Navigator()
        let jumped = UIHost(size: size, screens: [
            Screen("home") { Text("Home") }, Screen("settings", transition: ScreenTransition.none) { Text("Settings") },
        ], textEngine: textEngine, navigator: instant)
        jumped.render(into: canvas)
        instant.go(to: "settings")
        jumped.render(into: canvas)
        #expect(offsets(jumped) == (nil, nil))
        #expect(!jumped.needsFrame)
    }

    @Test func goldenMidSwipe() throws {
        let host = host()
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        for frame in [touch(.down, 300, 250, at: 0), touch(.move, 280, 250, at: 20), touch(.move, 60, 250, at: 100)] {
            _ = host.handle(frame)
        }
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "screen-swipe-mid")
    }
}
