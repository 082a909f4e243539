import KioskGraphics
import Observation
import Testing
@testable import KioskViews

@Observable
final class CardPosition {
    var x = 40.0
    var y = 100.0
    var isRed = false
}

/// A labelled card moved by its offset, over what `ground` puts under it and with a badge
/// over the middle of the screen when `isCovered`.
struct LabelledCard: View {
    enum Ground { case screen, color, gradient }
    let position: CardPosition
    var ground = Ground.screen
    var isCovered = false
    var isTranslucent = false

    var body: some View {
        ZStack(alignment: .topLeading) {
            switch ground {
            case .screen: Color.clear
            case .color: Color.yellow
            case .gradient: LinearGradient(colors: [.white, .gray], startPoint: .top, endPoint: .bottom)
            }
            ZStack {
                RoundedRectangle(cornerRadius: 14).fill(isTranslucent ? Color.red.opacity(0.5) : position.isRed ? .red : .accentColor)
                    .shadow(color: .black.opacity(0.4), radius: 4, x: 2, y: 3)
                Text("Card")
            }
            .frame(width: 120, height: 70)
            .offset(x: position.x, y: position.y)
            if isCovered {
                Circle().fill(.green).frame(width: 40, height: 40).offset(x: 220, y: 120)
            }
        }
        .frame(width: 480, height: 320)
    }
}

/// A plain rounded card moved by its offset: only the blocks at its sides change, and the
/// pixels of those where it is now are copied apart from the strip it uncovers.
struct PlainCard: View {
    let position: CardPosition

    var body: some View {
        RoundedRectangle(cornerRadius: 14).fill(.accentColor)
            .frame(width: 120, height: 70)
            .offset(x: position.x, y: position.y)
            .frame(width: 480, height: 320, alignment: .topLeading)
    }
}

@MainActor
@Suite("Moved views copied")
struct MovedViewCopyTests {
    static let size = Size(width: 480, height: 320)

    /// Shows the card, then moves it by each of `moves` in turn: every frame must equal a
    /// fresh drawing, and every pixel it changed must be in the region it reports shown (what
    /// a display sends to the panel); returns each frame's changes.
    func moveCard<Card: View>(_ moves: [(Double, Double)], from start: (Double, Double) = (40, 100),
                              _ make: @escaping (CardPosition) -> Card) throws -> [FrameChanges] {
        let position = CardPosition()
        (position.x, position.y) = start
        let host = UIHost(size: Self.size, textEngine: textEngine) { make(position) }
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        var frames: [FrameChanges] = []
        for (step, (dx, dy)) in moves.enumerated() {
            let before = try #require(host.renderedList)
            position.x += dx
            position.y += dy
            let last = try Canvas(width: 480, height: 320)
            last.copy(from: canvas, rect: canvas.bounds)
            let shown = host.render(into: canvas)
            #expect(pixelsChanged(from: last, to: canvas, outside: shown) == 0, "step \(step): shown \(shown)")
            frames.append(try #require(host.renderedList).changes(since: before, within: canvas.bounds))
            let expected = try Canvas(width: 480, height: 320)
            UIHost(size: Self.size, textEngine: textEngine) { make(position) }.render(into: expected)
            #expect(differingPixels(canvas, expected) == 0, "step \(step): moved by (\(dx), \(dy))")
        }
        return frames
    }

    /// The pixels that differ between `a` and `b` outside `region`.
    func pixelsChanged(from a: Canvas, to b: Canvas, outside region: Region) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.argb(x: x, y: y) != b.argb(x: x, y: y) && !region.contains(x: x, y: y) { count += 1 }
        }
        return count
    }

    @Test("A card and its label dragged over the screen are copied to their new place; only what they uncover is drawn")
    func copiedOverTheScreen() throws {
        let moves: [(Double, Double)] = [(6, 0), (0, -5), (-4, 3), (10, 10), (-6, 0)]
        let frames = try moveCard(moves) { LabelledCard(position: $0) }
        for (step, (changes, (dx, dy))) in zip(frames, moves).enumerated() {
            #expect(!changes.copies.isEmpty, "step \(step)")
            #expect(changes.copies.offset == PixelOffset(x: Int(dx), y: Int(dy)), "step \(step)")
            #expect(changes.moves.isEmpty)
            // The card's own pixels are copied, not drawn: the damage is a strip beside it.
            #expect(changes.damage.area < 120 * 70 / 2, "step \(step): \(changes.damage)")
        }
    }

    @Test("A plain card moved sideways copies the blocks at its two sides apart, and reports them shown")
    func plainCardCopiesItsSides() throws {
        let frames = try moveCard([(6, 0), (-6, 0), (9, 0)]) { PlainCard(position: $0) }
        for (step, changes) in frames.enumerated() {
            #expect(changes.copies.rects.count == 2, "step \(step): \(changes.copies.rects)")
            #expect(changes.shown.area > changes.damage.area, "step \(step)")
        }
    }

    @Test("Over a view of one plain colour, and translucent with its shadow, the card is copied too")
    func copiedOverPlainColour() throws {
        let plain = try moveCard([(6, 0), (-3, 4)]) { LabelledCard(position: $0, ground: .color) }
        let translucent = try moveCard([(6, 0), (-3, 4)]) { LabelledCard(position: $0, isTranslucent: true) }
        #expect((plain + translucent).allSatisfy { !$0.copies.isEmpty })
    }

    @Test("Over a gradient, under another view or partly off the screen, the card is drawn again")
    func drawnAgainOtherwise() throws {
        let gradient = try moveCard([(6, 0), (0, 4)]) { LabelledCard(position: $0, ground: .gradient) }
        let covered = try moveCard([(60, 0), (40, 10), (-30, 0)], from: (120, 100)) { LabelledCard(position: $0, isCovered: true) }
        let leaving = try moveCard([(6, 0), (6, 0)], from: (352, 100)) { LabelledCard(position: $0) }
        for (name, frames) in [("gradient", gradient), ("covered", covered), ("leaving", leaving)] {
            #expect(frames.allSatisfy { $0.copies.isEmpty }, "\(name)")
            #expect(frames.allSatisfy { !$0.damage.isEmpty }, "\(name)")
        }
    }

    @Test("A card that moves and changes colour in the same frame is drawn again, not copied")
    func recolouredWhileMoving() throws {
        let position = CardPosition()
        let host = UIHost(size: Self.size, textEngine: textEngine) { LabelledCard(position: position) }
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        let before = try #require(host.renderedList)
        position.x += 6
        position.isRed = true
        host.render(into: canvas)
        #expect(try #require(host.renderedList).changes(since: before, within: canvas.bounds).copies.isEmpty)
        let expected = try Canvas(width: 480, height: 320)
        UIHost(size: Self.size, textEngine: textEngine) { LabelledCard(position: position) }.render(into: expected)
        #expect(differingPixels(canvas, expected) == 0)
    }
}
