import Testing
import KioskTestSupport
@testable import KioskViews

/// A button that shows and hides a red 100×100 square under it, with `withAnimation`
/// (linear, one second) unless `animated` is false.
private struct Toggled: View {
    let transition: AnyTransition?
    var animated = true
    var startsShown = false
    @State private var shown: Bool?

    var body: some View {
        let isShown = shown ?? startsShown
        VStack(spacing: 0) {
            Button("Toggle") {
                if animated { withAnimation(.linear(duration: 1)) { shown = !isShown } } else { shown = !isShown }
            }.id("toggle").frame(height: 50)
            if isShown {
                if let transition {
                    Button {} label: { Color.red.frame(width: 100, height: 100) }.buttonStyle(.plain).id("square").transition(transition)
                } else {
                    Button {} label: { Color.red.frame(width: 100, height: 100) }.buttonStyle(.plain).id("square")
                }
            }
        }
        .frame(width: 400, height: 300, alignment: .top)
    }
}

/// The red square as drawn: its top-left corner, scale and opacity, through the layers it
/// is drawn in.
private struct Drawn: Equatable {
    var x: Double
    var y: Double
    var scale = 1.0
    var opacity: Double
}

private func square(in list: DisplayList) -> Drawn? {
    func find(_ ops: [DrawOp], _ transform: LayerTransform, _ opacity: Double) -> Drawn? {
        for op in ops {
            switch op {
            case let .fill(_, rect, .color(color), o, _) where color == Color.red.pixelColor:
                let corner = transform.apply(Point(x: rect.minX, y: rect.minY))
                return Drawn(x: corner.x, y: corner.y, scale: transform.a, opacity: o * opacity)
            case let .layer(effect, group):
                if let found = find(group.ops, effect.transform.concatenating(transform), opacity * effect.opacity) { return found }
            default:
                continue
            }
        }
        return nil
    }
    return find(list.items.map(\.op), .identity, 1)
}

@MainActor
@Suite("Transitions")
struct TransitionTests {
    let size = Size(width: 400, height: 300)

    /// A host whose toggle was tapped at 0–50 ms: the change happens at 50 ms.
    private func toggled(_ view: Toggled, canvas: Canvas) -> UIHost {
        let host = UIHost(size: size, textEngine: textEngine) { view }
        host.render(into: canvas)
        let (x, y) = host.centre(of: "toggle")
        _ = host.handle(touch(.down, x, y, at: 0))
        _ = host.handle(touch(.up, x, y, at: 50))
        return host
    }

    /// The square at `ms` after the change.
    private func square(_ host: UIHost, at ms: Int64, _ canvas: Canvas) -> Drawn? {
        _ = host.advance(to: (50 + ms) * 1000)
        host.render(into: canvas)
        return KioskViewsTests.square(in: host.renderedList!)
    }

    @Test("An inserted view moves in from its edge along the animation's curve, by its own width")
    func insertionMoves() throws {
        let canvas = try Canvas(width: 400, height: 300)
        let host = toggled(Toggled(transition: .move(edge: .leading)), canvas: canvas)
        // Laid out at x 150 (centred in 400), it starts a width to the left of that.
        let xs = try [0, 250, 500, 750, 1000].map { try #require(square(host, at: $0, canvas)).x }
        #expect(xs == [50, 75, 100, 125, 150])
        #expect(square(host, at: 1000, canvas)?.y == 50)
        #expect(!host.needsFrame)
    }

    @Test("The default transition fades; without an animation the view just appears")
    func defaultFadesAndNoAnimationJumps() throws {
        let canvas = try Canvas(width: 400, height: 300)
        let faded = toggled(Toggled(transition: nil), canvas: canvas)
        let opacities = try [250, 500, 1000].map { try #require(square(faded, at: $0, canvas)).opacity }
        #expect(opacities == [0.25, 0.5, 1])
        let jumped = toggled(Toggled(transition: .slide, animated: false), canvas: canvas)
        #expect(square(jumped, at: 0, canvas) == Drawn(x: 150, y: 50, opacity: 1))
        // Only the toggle's released look moves on, for 0.15 s.
        _ = square(jumped, at: 200, canvas)
        #expect(!jumped.needsFrame)
    }

    @Test("A removed view is still drawn while it goes out, takes no touches, and is gone after")
    func removalStaysWhileItGoes() throws {
        let canvas = try Canvas(width: 400, height: 300)
        let host = toggled(Toggled(transition: .opacity, startsShown: true), canvas: canvas)
        #expect(square(host, at: 0, canvas)?.opacity == 1)
        #expect(!host.buttonIDs.contains("square"))
        #expect(square(host, at: 400, canvas) == Drawn(x: 150, y: 50, opacity: 0.6))
        #expect(square(host, at: 1000, canvas) == nil)
        #expect(!host.needsFrame)
    }

    @Test("slide comes in from the leading edge and goes out towards the trailing one")
    func slideBothWays() throws {
        let canvas = try Canvas(width: 400, height: 300)
        let host = toggled(Toggled(transition: .slide), canvas: canvas)
        #expect(square(host, at: 500, canvas)?.x == 100)
        _ = square(host, at: 1000, canvas)
        let (x, y) = host.centre(of: "toggle")
        _ = host.handle(touch(.down, x, y, at: 2000))
        _ = host.handle(touch(.up, x, y, at: 2050))
        #expect(square(host, at: 2500, canvas)?.x == 200)
        #expect(square(host, at: 3000, canvas) == nil)
    }

    @Test("asymmetric uses its insertion coming in and its removal going out; combined does both")
    func asymmetricAndCombined() throws {
        let canvas = try Canvas(width: 400, height: 300)
        let transition = AnyTransition.asymmetric(insertion: .scale(scale: 0.5, anchor: .topLeading),
                                                  removal: .offset(y: 100).combined(with: .opacity))
        let host = toggled(Toggled(transition: transition), canvas: canvas)
        let coming = try #require(square(host, at: 500, canvas))
        #expect(coming == Drawn(x: 150, y: 50, scale: 0.75, opacity: 1))
        _ = square(host, at: 1000, canvas)
        let (x, y) = host.centre(of: "toggle")
        _ = host.handle(touch(.down, x, y, at: 2000))
        _ = host.handle(touch(.up, x, y, at: 2050))
        #expect(square(host, at: 2250, canvas) == Drawn(x: 150, y: 75, opacity: 0.75))
    }

    @Test("An .animation(_:value:) around the change runs the transition too")
    func animationModifierInScope() throws {
        struct Shown: View {
            @State private var shown = false
            var body: some View {
                VStack(spacing: 0) {
                    Button("Toggle") { shown.toggle() }.id("toggle").frame(height: 50)
                    if shown { Color.red.frame(width: 100, height: 100).transition(.move(edge: .bottom)) }
                }
                .frame(width: 400, height: 300, alignment: .top)
                .animation(.linear(duration: 1), value: shown)
            }
        }
        let canvas = try Canvas(width: 400, height: 300)
        let host = UIHost(size: size, textEngine: textEngine) { Shown() }
        host.render(into: canvas)
        let (x, y) = host.centre(of: "toggle")
        _ = host.handle(touch(.down, x, y, at: 0))
        _ = host.handle(touch(.up, x, y, at: 50))
        #expect(square(host, at: 500, canvas)?.y == 100)
    }

    @Test("A transition frame damages only where the view was and is")
    func damageOnlyWhereItMoves() throws {
        let canvas = try Canvas(width: 400, height: 300)
        let host = toggled(Toggled(transition: .move(edge: .leading)), canvas: canvas)
        _ = square(host, at: 250, canvas)
        _ = host.advance(to: 350_000)
        let damage = host.render(into: canvas)
        #expect(damage.area > 0)
        // The square moved from x 75 to 80: its old and new places, a pixel round them.
        #expect(damage.bounds == PixelRect(x: 74, y: 49, width: 107, height: 102))
    }

    @Test func goldenMidSlide() throws {
        let canvas = try Canvas(width: 400, height: 300)
        let host = toggled(Toggled(transition: .slide), canvas: canvas)
        _ = square(host, at: 500, canvas)
        try GoldenImage.check(canvas, named: "transition-slide-mid")
    }
}
