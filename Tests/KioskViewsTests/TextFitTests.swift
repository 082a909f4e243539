import Testing
@testable import KioskViews

/// SwiftUI's text fitting: a line limit, truncation modes, a minimum scale factor and
/// multi-line alignment reach the text drawn, and a label keeps inside its button.
@MainActor
@Suite("Text fitting in views")
struct TextFitTests {
    let word = "Kaffeemaschinenreinigungsprogramm"

    /// The laid-out text node for `view` on a 400x300 screen.
    func textNode<V: View>(_ view: V) throws -> TextNode {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) { view }
        _ = host.render(into: try Canvas(width: 400, height: 300))
        let root = try #require(host.rootNode)
        return try #require(allNodes(root).compactMap { $0 as? TextNode }.first)
    }

    @Test("The modifiers set the text's fit, the nearest winning")
    func modifiersReachText() throws {
        let node = try textNode(Text(word).lineLimit(2).truncationMode(.middle).minimumScaleFactor(0.5)
            .multilineTextAlignment(.trailing).lineLimit(5))
        #expect(node.text.fit == TextFit(lineLimit: 2, truncationMode: .middle, minimumScaleFactor: 0.5, alignment: .trailing))
    }

    @Test("A line limit keeps a long text to its lines, inside the width offered")
    func lineLimit() throws {
        let free = try textNode(Text(word + " " + word).frame(width: 120))
        let one = try textNode(Text(word + " " + word).lineLimit(1).frame(width: 120))
        #expect(free.frame.height > 2 * one.frame.height)
        #expect(one.frame.width <= 120)
    }

    @Test("A minimum scale factor shrinks the text to one line instead of cutting it")
    func shrinks() throws {
        let natural = try textNode(Text(word).frame(width: 2000))
        let shrunk = try textNode(Text(word).lineLimit(1).minimumScaleFactor(0.3).frame(width: natural.frame.width * 0.6))
        #expect(shrunk.frame.width <= natural.frame.width * 0.6 + 0.5)
        #expect(shrunk.frame.height < natural.frame.height)
    }

    @Test("A button's long label wraps inside the button's width; it never draws past it")
    func labelKeepsInsideItsButton() throws {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            Button(word) {}.id("long").frame(width: 150)
        }
        _ = host.render(into: try Canvas(width: 400, height: 300))
        let button = try #require(host.frame(ofButton: "long"))
        let root = try #require(host.rootNode)
        let text = try #require(allNodes(root).compactMap { $0 as? TextNode }.first)
        #expect(button.width <= 150.5)
        #expect(text.frame.minX >= button.minX - 0.5 && text.frame.maxX <= button.maxX + 0.5)
    }

    @Test("fixedSize keeps a text at its ideal size: one line, uncut, centred on the space offered")
    func fixedSize() throws {
        let natural = try textNode(Text(word + " " + word).frame(width: 2000))
        let fixed = try textNode(Text(word + " " + word).fixedSize().frame(width: 120))
        #expect(abs(fixed.frame.width - natural.frame.width) < 0.5)
        #expect(abs(fixed.frame.height - natural.frame.height) < 0.5)
        #expect(abs(fixed.frame.center.x - 200) < 0.5, "centred on the 120 px frame in the middle: \(fixed.frame)")
        let wrapped = try textNode(Text(word + " " + word).lineLimit(1).fixedSize(horizontal: false, vertical: true).frame(width: 120))
        #expect(wrapped.frame.width <= 120.5)
        let tall = try textNode(Text(word + " " + word).fixedSize(horizontal: false, vertical: true).frame(width: 120, height: 20))
        #expect(tall.frame.height > 2 * natural.frame.height, "every line it needs, past the 20 px frame: \(tall.frame)")
    }
}
