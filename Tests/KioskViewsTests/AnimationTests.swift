import KioskDemo
import Testing
@testable import KioskViews

@MainActor
@Suite("Pressed animation")
struct AnimationTests {
    func scale(in host: UIHost) -> Double? {
        for item in host.renderedList!.items {
            if case let .scaled(s, _, _) = item.op { return s }
        }
        return nil
    }

    func shadow(in host: UIHost) -> Shadow? {
        for item in host.renderedList!.items {
            if case let .fill(_, _, _, _, shadow) = item.op { return shadow }
        }
        return nil
    }

    @Test("roundedAndShadow: on touch-down the button springs to 0.95 and its shadow collapses, on the frame clock")
    func springOnFrameClock() throws {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            Button("Press me") {}.id("b").buttonStyle(RoundedAndShadowButtonStyle())
        }
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        #expect(scale(in: host) == nil)
        #expect(shadow(in: host)?.radius == 5)
        #expect(host.nextDeadline == nil)

        let (x, y) = host.centre(of: "b")
        _ = host.handle(touch(.down, x, y, at: 1000))
        #expect(host.needsFrame)
        // The first frame after the press is drawn at the press time: nothing has moved yet.
        host.render(into: canvas)
        #expect(scale(in: host) == nil)
        let next = try #require(host.nextDeadline)
        #expect(next == 1_000_000 + host.frameInterval)

        var scales: [Double] = []
        var time = next
        while let deadline = host.nextDeadline, deadline <= 3_000_000 {
            time = deadline
            _ = host.advance(to: time)
            host.render(into: canvas)
            scales.append(scale(in: host) ?? 1)
        }
        // Monotonic at first, a little overshoot allowed, settling exactly at 0.95.
        #expect(scales[0] < 1 && scales[0] > 0.95)
        #expect(scales.min()! >= 0.94)
        #expect(scales.last == 0.95)
        #expect(shadow(in: host) == nil)
        #expect(time < 2_000_000, "the spring settles within a second")
        #expect(!host.needsFrame)

        // Mid-spring frames are partial: the damage is the button, not the screen.
        _ = host.handle(touch(.up, x, y, at: 3000))
        host.render(into: canvas)
        _ = host.advance(to: host.nextDeadline!)
        let damage = host.render(into: canvas)
        #expect(damage.area > 0 && damage.area < 400 * 300 / 2)
    }

    @Test("Built-in styles fade their pressed look in over 0.15 s")
    func easeForBuiltIns() throws {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            Button("Go") {}.id("b").buttonStyle(.borderedProminent)
        }
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        let (x, y) = host.centre(of: "b")
        _ = host.handle(touch(.down, x, y, at: 0))
        host.render(into: canvas)
        func plate() -> PixelColor? {
            for item in host.renderedList!.items { if case let .fill(_, _, .color(c), _, _) = item.op { return c } }
            return nil
        }
        #expect(plate() == .accent)
        _ = host.advance(to: 75_000)
        host.render(into: canvas)
        let mid = try #require(plate())
        #expect(mid.blue < PixelColor.accent.blue && mid.blue > PixelColor.accent.darkened(by: 0.15).blue)
        _ = host.advance(to: 200_000)
        host.render(into: canvas)
        #expect(plate() == PixelColor.accent.darkened(by: 0.15))
    }
}
