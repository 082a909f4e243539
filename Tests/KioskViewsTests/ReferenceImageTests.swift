import KioskDemo
import Testing
import KioskTestSupport
@testable import KioskViews

/// Reference images, reviewed by eye: the gallery, the demo idle and mid-press, at the
/// largest text size and with increased contrast.
@MainActor
@Suite("Reference images")
struct ReferenceImageTests {
    @Test func gallery() throws {
        let host = UIHost(size: ButtonGallery.size, textEngine: textEngine) { ButtonGallery() }
        let canvas = try Canvas(width: Int(ButtonGallery.size.width), height: Int(ButtonGallery.size.height))
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "gallery")
    }

    func demo() -> UIHost {
        let navigator = Navigator()
        return UIHost(size: Size(width: 1280, height: 800), screens: DemoApp.screens(model: CounterModel(), navigator: navigator),
                      textEngine: textEngine, navigator: navigator)
    }

    @Test func demoIdle() throws {
        let host = demo()
        let canvas = try Canvas(width: 1280, height: 800)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "demo-home")
        host.show(screen: "settings")
        // The new screen slides in; drawn once it has settled.
        _ = host.run([], until: 1000)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "demo-settings")
        _ = host.run([touch(.down, host.centre(of: "controls").0, host.centre(of: "controls").1, at: 2000),
                      touch(.up, host.centre(of: "controls").0, host.centre(of: "controls").1, at: 2050)], until: 3000)
        host.render(into: canvas)
        #expect(host.currentScreen == "controls")
        try GoldenImage.check(canvas, named: "demo-controls")
    }

    /// The home screen at accessibility5 (labels cut with "…" where the row has no room,
    /// the counter's fixed-size number as it was) and with increased contrast.
    @Test func demoForLowVision() throws {
        let large = demo()
        large.dynamicTypeSize = .accessibility5
        let canvas = try Canvas(width: 1280, height: 800)
        large.render(into: canvas)
        try GoldenImage.check(canvas, named: "demo-home-accessibility5")
        let contrasting = demo()
        contrasting.colorSchemeContrast = .increased
        contrasting.render(into: canvas)
        try GoldenImage.check(canvas, named: "demo-home-increased-contrast")
    }

    /// "+" pressed 60 ms ago (its plate half-way to dark) and the seed's shadow button
    /// 100 ms into its spring, drawn incrementally after an idle frame.
    @Test func demoMidPress() throws {
        let host = demo()
        let canvas = try Canvas(width: 1280, height: 800)
        host.render(into: canvas)
        let (px, py) = host.centre(of: "plus"), (sx, sy) = host.centre(of: "shadow")
        _ = host.handle(touch(.down, sx, sy, at: 0, slot: 0))
        host.render(into: canvas)
        _ = host.handle(touch(.down, px, py, at: 40, slot: 1))
        host.render(into: canvas)
        _ = host.advance(to: 100_000)
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "demo-home-mid-press")
    }
}
