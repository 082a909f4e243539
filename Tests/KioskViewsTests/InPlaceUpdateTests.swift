import Observation
import Testing
@testable import KioskViews

@Observable
final class CardModel {
    var x = 0.0
    var leading = 0.0
    var isCircle = false
}

/// A card moved by a model: offset (drawing only) or leading padding (its gesture moves).
struct ModelCard: View {
    let model: CardModel
    let tapped: (Double) -> Void

    var body: some View {
        let x = model.x
        return Group {
            if model.isCircle {
                Circle().fill(.red).frame(width: 100, height: 80).opacity(0.8)
            } else {
                RoundedRectangle(cornerRadius: 12).fill(.accentColor).frame(width: 100, height: 80)
            }
        }
        .offset(x: x)
        .onTapGesture { tapped(x) }
        .padding(EdgeInsets(top: 20, leading: 20 + model.leading, bottom: 0, trailing: 0))
        .frame(width: 480, height: 320, alignment: .topLeading)
    }
}

@Observable
final class FillPosition {
    var x = 40.0
    var y = 30.0
}

/// A shape moved by its offset over stripes at the top and the screen's plain background
/// below: what it uncovers is not one colour, and its paint may or may not hide what it
/// moved over.
struct MovedFill: View {
    enum Look: CaseIterable { case card, circle, capsule, gradient, translucent, rectangle }
    let position: FillPosition
    let look: Look

    var body: some View {
        ZStack(alignment: .topLeading) {
            HStack(spacing: 0) {
                ForEach(0..<12) { i in Rectangle().fill(i % 2 == 0 ? Color.gray : Color.white) }
            }
            .frame(height: 80)
            shape
                .frame(width: 120, height: 70)
                .offset(x: position.x, y: position.y)
        }
        .frame(width: 480, height: 320)
    }

    @ViewBuilder var shape: some View {
        switch look {
        case .card: RoundedRectangle(cornerRadius: 14).fill(.accentColor)
        case .circle: Circle().fill(.green)
        case .capsule: Capsule().fill(.orange)
        case .gradient: RoundedRectangle(cornerRadius: 10).fill(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
        case .translucent: RoundedRectangle(cornerRadius: 10).fill(.red).opacity(0.5)
        case .rectangle: Rectangle().fill(.purple)
        }
    }
}

/// A label and a bar in a stack of fixed size: a count changes the label's digit and the
/// bar's width, not the stack's size (the bar stays narrower than the label), so the
/// stack must not lay its children out as it did for that size before.
struct CountPanel: View {
    let model: CardModel

    var body: some View {
        VStack(spacing: 8) {
            Text("Count \(Int(model.x) % 10)")
            Rectangle().fill(.green).frame(width: 20 + model.x, height: 10)
        }
        .frame(width: 300, height: 120)
    }
}

/// A card dragged the SwiftUI way: a `@GestureState` offset.
struct GestureCard: View {
    @GestureState private var offset = CGSize.zero

    var body: some View {
        RoundedRectangle(cornerRadius: 12).fill(.accentColor)
            .frame(width: 100, height: 80)
            .offset(offset)
            .gesture(DragGesture(minimumDistance: 0).updating($offset) { value, offset, _ in offset = value.translation })
            .padding(EdgeInsets(top: 20, leading: 20, bottom: 0, trailing: 0))
            .frame(width: 480, height: 320, alignment: .topLeading)
    }
}

/// Two buttons of id "ok": one outside the view the model changes, one inside it that a
/// change of structure (the note coming) resolves afresh, in a frame of fixed size.
struct TwoOKButtons: View {
    let model: CardModel

    var body: some View {
        VStack {
            Button("OK") {}.id("ok")
            OKPanel(model: model)
        }
    }
}

struct OKPanel: View {
    let model: CardModel

    var body: some View {
        VStack {
            if model.isCircle { Text("Changed") }
            Button("OK") {}.id("ok")
        }
        .frame(width: 200, height: 120)
    }
}

/// A product view inside another: the outer one reads the model (so a change evaluates
/// both bodies again), the inner one turns its card into a circle on `isCircle`.
struct NestedCards: View {
    let model: CardModel
    let log: Log

    var body: some View {
        log.lines.append("outer")
        return InnerCard(model: model, log: log, x: model.x)
            .padding(EdgeInsets(top: 20, leading: 20, bottom: 0, trailing: 0))
            .frame(width: 480, height: 320, alignment: .topLeading)
    }
}

struct InnerCard: View {
    let model: CardModel
    let log: Log
    let x: Double

    var body: some View {
        log.lines.append("inner")
        return Group {
            if model.isCircle {
                Circle().fill(.red).frame(width: 100, height: 80)
            } else {
                RoundedRectangle(cornerRadius: 12).fill(.accentColor).frame(width: 100, height: 80)
            }
        }
        .offset(x: x)
    }
}

/// A view resolved again with the same structure keeps its nodes and takes the new
/// properties; one whose structure changed is rebuilt. Either way the pixels, the damage
/// and the gesture targets are those of a fresh host.
@MainActor
@Suite("Updates in place")
struct InPlaceUpdateTests {
    static let size = Size(width: 480, height: 320)

    func shapeNode(_ host: UIHost) -> ShapeNode? {
        host.rootNode.flatMap { allNodes($0).compactMap { $0 as? ShapeNode }.first }
    }

    /// A host showing `model`'s card, drawn once, and its canvas.
    func shown(_ model: CardModel) throws -> (UIHost, Canvas) {
        let host = UIHost(size: Self.size, textEngine: textEngine) { ModelCard(model: model) { _ in } }
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        return (host, canvas)
    }

    func fresh(_ model: CardModel) throws -> Canvas { try shown(model).1 }

    /// A host showing the two "ok" buttons of `model`, drawn once, and its canvas.
    func shownButtons(_ model: CardModel) throws -> (UIHost, Canvas) {
        let host = UIHost(size: Self.size, textEngine: textEngine) { TwoOKButtons(model: model) }
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        return (host, canvas)
    }

    @Test("A moved card keeps its nodes, damages the strips and corners that changed and draws as a fresh host")
    func movedInPlace() throws {
        let model = CardModel()
        let (host, canvas) = try shown(model)
        let shape = try #require(shapeNode(host))
        for step in 1...5 {
            model.x = Double(step * 7)
            let damage = host.render(into: canvas)
            #expect(shapeNode(host) === shape, "updated in place")
            #expect(shape.frame.minX == 20 + Double(step * 7))
            let before = Rect(x: 20 + Double((step - 1) * 7), y: 20, width: 100, height: 80).enclosingPixels
            let after = shape.frame.enclosingPixels
            // The strip it left and the strip it came into are drawn again; its middle,
            // the same colour in both places, is not.
            let left = PixelRect(x: before.x, y: before.y, width: 7, height: before.height)
            let came = PixelRect(x: after.maxX - 7, y: after.y, width: 7, height: after.height)
            #expect(damage.intersection(left).area == left.area)
            #expect(damage.intersection(came).area == came.area)
            #expect(!damage.contains(x: Int(shape.frame.center.x), y: Int(shape.frame.center.y)))
            #expect(damage.area < before.union(after).area / 2, "\(damage)")
            #expect(differingPixels(canvas, try fresh(model)) == 0, "step \(step)")
        }
        // Setting the value shown changes nothing: nothing is drawn.
        model.x = 35
        #expect(host.render(into: canvas).isEmpty)
    }

    @Test("A fill moved any way, by whole or part pixels, clear of itself or not, draws as a fresh host",
          arguments: [MovedFill.Look.card, .circle, .capsule, .gradient, .translucent, .rectangle])
    func movedFills(look: MovedFill.Look) throws {
        let model = FillPosition()
        let host = UIHost(size: Self.size, textEngine: textEngine) { MovedFill(position: model, look: look) }
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        let moves: [(Double, Double)] = [(6, 0), (0, 5), (-3.5, 2.25), (0.4, -0.3), (150, 90), (-7, -7), (0, 0.5)]
        for (step, (dx, dy)) in moves.enumerated() {
            model.x += dx
            model.y += dy
            host.render(into: canvas)
            let fresh = UIHost(size: Self.size, textEngine: textEngine) { MovedFill(position: model, look: look) }
            let expected = try Canvas(width: 480, height: 320)
            fresh.render(into: expected)
            #expect(differingPixels(canvas, expected) == 0, "\(look) step \(step)")
        }
    }

    @Test("A change of structure rebuilds the view")
    func structureChangeRebuilds() throws {
        let model = CardModel()
        let (host, canvas) = try shown(model)
        let shape = try #require(shapeNode(host))
        model.isCircle = true
        host.render(into: canvas)
        let circle = try #require(shapeNode(host))
        #expect(circle !== shape)
        #expect(circle.shape == .circle)
        #expect(differingPixels(canvas, try fresh(model)) == 0)
    }

    @Test("An offset and a padding changed together resize what the padding holds, in place")
    func offsetAndPaddingTogether() throws {
        let model = CardModel()
        let (host, canvas) = try shown(model)
        let shape = try #require(shapeNode(host))
        for step in 1...3 {
            // The offset alone keeps the sizes above it; the padding beside it must not.
            model.x = Double(step * 5)
            model.leading = Double(step * 30)
            host.render(into: canvas)
            #expect(shapeNode(host) === shape, "updated in place")
            #expect(shape.frame.minX == 20 + Double(step * 35))
            #expect(differingPixels(canvas, try fresh(model)) == 0, "step \(step)")
        }
    }

    @Test("After an update in place a tap runs the newest action, where the view is now")
    func gestureTargets() throws {
        let model = CardModel()
        var taps: [Double] = []
        let host = UIHost(size: Self.size, textEngine: textEngine) { ModelCard(model: model) { taps.append($0) } }
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        let shape = try #require(shapeNode(host))
        model.x = 5
        host.render(into: canvas)
        _ = host.run([touch(.down, 60, 60, at: 0), touch(.up, 60, 60, at: 50)], until: 100)
        #expect(taps == [5], "the action of the latest body")

        model.leading = 200
        host.render(into: canvas)
        #expect(shapeNode(host) === shape)
        _ = host.run([touch(.down, 60, 60, at: 1000), touch(.up, 60, 60, at: 1050)], until: 1100)
        #expect(taps == [5], "the old place takes no tap")
        _ = host.run([touch(.down, 260, 60, at: 2000), touch(.up, 260, 60, at: 2050)], until: 2100)
        #expect(taps == [5, 5])
        #expect(differingPixels(canvas, try fresh(model)) == 0)
    }

    @Test("A @GestureState drag moves the card in place and it snaps back on release")
    func gestureStateDrag() throws {
        let host = UIHost(size: Self.size, textEngine: textEngine) { GestureCard() }
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        let shape = try #require(shapeNode(host))
        _ = host.handle(touch(.down, 60, 60, at: 0))
        for step in 1...4 {
            _ = host.handle(touch(.move, 60 + Double(step * 10), 60, at: Int64(step * 16)))
            host.render(into: canvas)
            #expect(shapeNode(host) === shape)
            #expect(shape.frame.minX == 20 + Double(step * 10))
            let model = CardModel()
            model.x = Double(step * 10)
            #expect(differingPixels(canvas, try fresh(model)) == 0, "step \(step)")
        }
        _ = host.handle(touch(.up, 100, 60, at: 100))
        host.render(into: canvas)
        #expect(shape.frame.minX == 20)
        #expect(differingPixels(canvas, try fresh(CardModel())) == 0)
    }

    @Test("A stack's label and bar change in place and draw as a fresh host")
    func stackInPlace() throws {
        let model = CardModel()
        func panel() -> UIHost { UIHost(size: Self.size, textEngine: textEngine) { CountPanel(model: model) } }
        let host = panel()
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        let text = try #require(host.rootNode.flatMap { allNodes($0).compactMap { $0 as? TextNode }.first })
        for count in [7.0, 12, 33] {
            model.x = count
            host.render(into: canvas)
            #expect(host.rootNode.flatMap { allNodes($0).compactMap { $0 as? TextNode }.first } === text)
            let expected = try Canvas(width: 480, height: 320)
            panel().render(into: expected)
            #expect(differingPixels(canvas, expected) == 0, "count \(Int(count))")
        }
    }

    @Test("A view of the product's inside another updates in place; a change of structure deep inside evaluates each body once")
    func nestedBodies() throws {
        let model = CardModel()
        let log = Log()
        func nested() -> UIHost { UIHost(size: Self.size, textEngine: textEngine) { NestedCards(model: model, log: Log()) } }
        let host = UIHost(size: Self.size, textEngine: textEngine) { NestedCards(model: model, log: log) }
        let canvas = try Canvas(width: 480, height: 320)
        host.render(into: canvas)
        let shape = try #require(shapeNode(host))
        log.lines.removeAll()
        model.x = 30
        host.render(into: canvas)
        #expect(shapeNode(host) === shape, "updated in place")
        #expect(shape.frame.minX == 50)
        #expect(log.lines == ["outer", "inner"])
        let moved = try Canvas(width: 480, height: 320)
        nested().render(into: moved)
        #expect(differingPixels(canvas, moved) == 0)

        log.lines.removeAll()
        model.isCircle = true
        host.render(into: canvas)
        let circle = try #require(shapeNode(host))
        #expect(circle !== shape && circle.shape == .circle)
        #expect(log.lines == ["inner"], "the inner body alone reads isCircle, and runs once")
        let expected = try Canvas(width: 480, height: 320)
        nested().render(into: expected)
        #expect(differingPixels(canvas, expected) == 0)
    }

    @Test("A button resolved again in a partial update keeps its id; one taken outside the view is not given to it")
    func partialUpdateKeepsButtonIDs() throws {
        let model = CardModel()
        let (host, canvas) = try shownButtons(model)
        #expect(host.buttonIDs == ["ok", "ok#2"])
        func button(_ id: String) -> PressableNode? {
            host.rootNode.flatMap { allNodes($0).compactMap { $0 as? PressableNode }.first { $0.id == id } }
        }
        let outside = try #require(button("ok"))
        let inside = try #require(button("ok#2"))
        model.isCircle = true
        host.render(into: canvas)
        // Only the panel was resolved again: the button outside it is the one there was.
        #expect(button("ok") === outside)
        #expect(button("ok#2") !== inside)
        #expect(host.buttonIDs == ["ok", "ok#2"])
        #expect(differingPixels(canvas, try shownButtons(model).1) == 0)
    }

    @Test("The nodes a partial update makes go with the screen when it is resolved anew: nothing keeps them in a cycle")
    func partialUpdateNodesAreFreed() throws {
        let model = CardModel()
        let (host, canvas) = try shownButtons(model)
        // The panel changes its structure: its button is made anew in the panel's update, and
        // keeps what it was resolved with.
        model.isCircle = true
        host.render(into: canvas)
        final class Held { weak var node: Node? }
        var held: [Held] = []
        do {
            for node in allNodes(try #require(host.rootNode)) where node is BodyNode || node is PressableNode {
                let h = Held()
                h.node = node
                held.append(h)
            }
        }
        #expect(held.count >= 4)
        host.invalidate()
        host.render(into: canvas)
        #expect(held.allSatisfy { $0.node == nil })
    }
}
