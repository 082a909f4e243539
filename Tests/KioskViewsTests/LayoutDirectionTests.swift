import Foundation
import Testing
@testable import KioskViews

/// Right-to-left layout mirrors leading and trailing, SwiftUI's way.
@MainActor
@Suite("Layout direction")
struct LayoutDirectionTests {
    /// Lays `view` out on a 400x300 screen and returns the host.
    func host<V: View>(_ view: V) throws -> UIHost {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) { view }
        _ = host.render(into: try Canvas(width: 400, height: 300))
        return host
    }

    func row(_ direction: LayoutDirection) -> some View {
        HStack {
            Button("A") {}.id("a")
            Button("B") {}.id("b")
            Button("C") {}.id("c")
        }
        .environment(\.layoutDirection, direction)
    }

    @Test("An HStack runs from the right, mirrored about its centre")
    func hstack() throws {
        let ltr = try host(row(.leftToRight)), rtl = try host(row(.rightToLeft))
        let a = try #require(rtl.frame(ofButton: "a")), c = try #require(rtl.frame(ofButton: "c"))
        #expect(a.minX > c.minX)
        for id in ["a", "b", "c"] {
            let left = try #require(ltr.frame(ofButton: id)), right = try #require(rtl.frame(ofButton: id))
            #expect(abs((left.center.x - 200) + (right.center.x - 200)) < 1.5, "\(id): \(left) and \(right)")
        }
    }

    @Test("An Arabic or Hebrew locale lays out right to left unless a direction is set")
    func locale() throws {
        for (identifier, rightToLeft) in [("ar", true), ("he_IL", true), ("de", false)] {
            let h = try host(row(.leftToRight).environment(\.languageTag, LanguageTag(identifier)))
            let a = try #require(h.frame(ofButton: "a")), c = try #require(h.frame(ofButton: "c"))
            // row() sets left to right inside: the locale does not override what is set.
            #expect(a.minX < c.minX, "\(identifier)")
            let byLocale = try host(HStack { Button("A") {}.id("a"); Button("C") {}.id("c") }
                .environment(\.languageTag, LanguageTag(identifier)))
            let a2 = try #require(byLocale.frame(ofButton: "a")), c2 = try #require(byLocale.frame(ofButton: "c"))
            #expect((a2.minX > c2.minX) == rightToLeft, "\(identifier)")
        }
    }

    @Test("Leading padding and leading alignment go to the right")
    func paddingAndAlignment() throws {
        let view = Button("Go") {}.id("go")
            .padding(EdgeInsets(top: 0, leading: 60, bottom: 0, trailing: 0))
            .frame(width: 400, height: 300, alignment: .leading)
        let ltr = try #require(try host(view).frame(ofButton: "go"))
        let rtl = try #require(try host(view.layoutDirection(.rightToLeft)).frame(ofButton: "go"))
        #expect(ltr.minX == 60)
        #expect(rtl.maxX == 340)
        #expect(rtl.width == ltr.width)
    }

    @Test("A grid fills its rows from the right, the last row too")
    func grid() throws {
        let view = Grid(columns: 3) {
            Button("1") {}.id("1")
            Button("2") {}.id("2")
            Button("3") {}.id("3")
            Button("4") {}.id("4")
        }
        .layoutDirection(.rightToLeft)
        let h = try host(view)
        let one = try #require(h.frame(ofButton: "1")), three = try #require(h.frame(ofButton: "3"))
        let four = try #require(h.frame(ofButton: "4"))
        #expect(one.minX > three.minX)
        #expect(abs(four.center.x - one.center.x) < 1, "the fourth starts the second row under the first: \(four) \(one)")
    }

    /// The rightmost ink of each line of the text in `view` (bands of inked rows), and the
    /// text's right edge.
    func lineEnds<V: View>(_ view: V) throws -> (ends: [Int], right: Int) {
        let canvas = try Canvas(width: 400, height: 300)
        let h = UIHost(size: Size(width: 400, height: 300), background: .white, textEngine: textEngine) { view }
        _ = h.render(into: canvas)
        let root = try #require(h.rootNode)
        let node = try #require(allNodes(root).compactMap { $0 as? TextNode }.first)
        var ends: [Int] = []
        var band: Int?
        for y in Int(node.frame.minY)..<Int(node.frame.maxY) {
            let last = (0..<400).last { x in canvas.argb(x: x, y: y) & 0xFF < 128 }
            if let last { band = max(band ?? 0, last) } else if let finished = band { ends.append(finished); band = nil }
        }
        if let band { ends.append(band) }
        return (ends, Int(node.frame.maxX))
    }

    @Test("Multi-line text lines up on the right in right-to-left layout")
    func text() throws {
        let text = Text("one two three four five six seven").frame(width: 120)
        let rtl = try lineEnds(text.layoutDirection(.rightToLeft))
        #expect(rtl.ends.count >= 2)
        #expect(rtl.ends.allSatisfy { $0 >= rtl.right - 3 }, "\(rtl)")
        let ltr = try lineEnds(text)
        #expect(ltr.ends.contains { $0 < ltr.right - 10 }, "left to right lines end ragged: \(ltr)")
    }
}
