import Observation
import KioskDemo
import Testing
@testable import KioskViews

@Observable
final class Score {
    var points = 0
}

struct ScoreLabel: View {
    let score: Score
    var body: some View { Text("Points \(score.points)") }
}

/// A plate coloured by the score's parity: a style whose look reads a model itself.
struct ParityStyle: ButtonStyle {
    let score: Score

    func makeBody(configuration: Configuration) -> some View {
        ParityPlate(score: score, label: configuration.label, isPressed: configuration.isPressed)
    }
}

struct ParityPlate: View {
    let score: Score
    let label: ButtonStyleConfiguration.Label
    let isPressed: Bool

    var body: some View {
        label
            .padding(12)
            .background(RoundedRectangle(cornerRadius: 8).fill(score.points % 2 == 0 ? Color.accentColor : Color.red))
            .opacity(isPressed ? 0.7 : 1)
    }
}

/// A frame drawn incrementally (unchanged buttons hand on what they emitted, a press swaps
/// in the look it showed before, only the damage is repainted) must show the same pixels
/// as a new host drawing the same state from scratch.
@MainActor
@Suite("Incremental frames")
struct IncrementalFrameTests {
    static let size = Size(width: 480, height: 320)

    func makeHost(_ score: Score) -> UIHost {
        UIHost(size: Self.size, textEngine: textEngine) {
            VStack(spacing: 24) {
                Button { score.points += 1 } label: { ScoreLabel(score: score) }
                    .id("add")
                    .buttonStyle(RoundedAndShadowButtonStyle())
                HStack(spacing: 24) {
                    Button("Left") {}.id("left")
                    Button("Right", role: .destructive) {}.id("right")
                    Button("Parity") {}.id("parity").buttonStyle(ParityStyle(score: score))
                }
                .buttonStyle(.borderedProminent)
                .opacity(0.9)
            }
            .padding(24)
        }
    }

    /// `score`'s screen drawn once by a new host, with `pressed` held down since 1 s and
    /// every animation settled.
    func fresh(_ score: Score, pressed: String? = nil) throws -> Canvas {
        let host = makeHost(score)
        if let pressed {
            let (x, y) = host.centre(of: pressed)
            _ = host.handle(touch(.down, x, y, at: 1000))
        }
        _ = host.advance(to: 5_000_000)
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        return canvas
    }

    /// Plays `phase` on button `id` at `ms` and renders every animation frame until 2 s later.
    func play(_ phase: TouchPhase, _ id: String, at ms: Int64, on host: UIHost, into canvas: Canvas) {
        let (x, y) = host.centre(of: id)
        _ = host.handle(touch(phase, x, y, at: ms))
        host.render(into: canvas)
        while let deadline = host.nextDeadline, deadline <= (ms + 2000) * 1000 {
            _ = host.advance(to: deadline)
            host.render(into: canvas)
        }
    }

    @Test("Pressing, releasing and pressing again: every settled frame equals a fresh drawing")
    func pressReleasePress() throws {
        let score = Score()
        let host = makeHost(score)
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        let rest = try fresh(score)
        #expect(differingPixels(canvas, rest) == 0)

        var start: Int64 = 0
        for id in ["left", "add", "right", "parity"] {
            start += 10_000
            play(.down, id, at: start, on: host, into: canvas)
            #expect(differingPixels(canvas, try fresh(score, pressed: id)) == 0, "\(id) pressed")
            play(.cancel, id, at: start + 3000, on: host, into: canvas)
            #expect(differingPixels(canvas, rest) == 0, "\(id) released")
            // The second press shows the look kept from the first.
            play(.down, id, at: start + 6000, on: host, into: canvas)
            #expect(differingPixels(canvas, try fresh(score, pressed: id)) == 0, "\(id) pressed again")
            play(.cancel, id, at: start + 9000, on: host, into: canvas)
        }
    }

    @Test("A model change while a button is held reaches the look shown after its release")
    func modelChangeWhilePressed() throws {
        let score = Score()
        let host = makeHost(score)
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        play(.down, "add", at: 1000, on: host, into: canvas)
        score.points = 41
        host.render(into: canvas)
        #expect(differingPixels(canvas, try fresh(score, pressed: "add")) == 0)
        // The release triggers the action: 42, in the released look.
        play(.up, "add", at: 4000, on: host, into: canvas)
        #expect(score.points == 42)
        #expect(differingPixels(canvas, try fresh(score)) == 0)

        // A look that reads the model itself: its colour changes while it is held.
        play(.down, "parity", at: 8000, on: host, into: canvas)
        score.points = 43
        host.render(into: canvas)
        #expect(differingPixels(canvas, try fresh(score, pressed: "parity")) == 0)
        play(.cancel, "parity", at: 11000, on: host, into: canvas)
        #expect(differingPixels(canvas, try fresh(score)) == 0)
    }

    @Test("A press repaints only its button: the damage stays inside the button and its shadow")
    func pressDamage() throws {
        let host = makeHost(Score())
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        let (x, y) = host.centre(of: "left")
        _ = host.handle(touch(.down, x, y, at: 1000))
        _ = host.advance(to: 3_000_000)
        let damage = host.render(into: canvas)
        let button = try #require(host.frame(ofButton: "left")).enclosingPixels.insetBy(dx: -12, dy: -12)
        #expect(!damage.isEmpty)
        #expect(button.union(damage.bounds) == button)
    }

    @Test("Every node's path extends its parent's: retained emissions are dropped along paths")
    func pathsExtendTheirParents() throws {
        let host = makeHost(Score())
        let root = try #require(host.rootNode)
        var checked = 0
        root.forEachNode { node in
            for child in node.children {
                #expect(child.path.hasPrefix(node.path), "\(child.path) under \(node.path)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }
}
