import Testing
@testable import KioskViews

struct Drink: Identifiable {
    let id: Int
    var name: String { "Drink \(id)" }
}

@MainActor
@Suite("Lazy stacks")
struct LazyStackTests {
    @Test("A LazyVStack of 10,000 rows in a scroll view makes only the rows in view plus a margin")
    func onlyVisibleRows() {
        let drinks = (0..<10_000).map(Drink.init)
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollViewReader { proxy in
                ScrollView {
                    LazyVStack(spacing: 10) {
                        ForEach(drinks) { drink in Button(drink.name) { proxy.scrollTo(5000, anchor: .top) }.frame(height: 40) }
                    }
                }
            }
        }
        let stack = lazyStack(host)
        // 300 points of view and 100 of margin below it, 50 points a row.
        #expect(stack.madeRowCount == 8)
        let texts = allNodes(host.rootNode!).filter { $0 is TextNode }.count
        #expect(texts == 8)
        let state = host.scrollState()
        #expect(state.y.maximum == 10_000 * 50 - 10 - 300)
        _ = host.run(drag(from: (200, 250), by: (0, -200), at: 0), until: 5000)
        #expect(state.y.offset > 1000)
        #expect(stack.madeRowCount <= 11)
        let first = lazyStack(host)
        #expect(first.children.first!.frame.maxY >= -LazyStackNode.margin)
        // scrollTo a row never made lands it at the top.
        let tap = first.children[3].frame.center
        _ = host.run([touch(.down, tap.x, tap.y, at: 6000), touch(.up, tap.x, tap.y, at: 6050)], until: 6100)
        #expect(state.y.offset == 5000 * 50)
        let row = allNodes(host.rootNode!).first { $0.path.hasSuffix("#id(5000)") }
        #expect(row?.frame.minY == 0)
    }

    @Test("Rows are identified by id, \\.self or their place, eagerly outside a lazy stack")
    func identities() {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            VStack {
                ForEach(["a", "b"], id: \.self) { Text($0) }
                ForEach(0..<2) { Text("\($0)") }
            }
        }
        let paths = allNodes(host.rootNode!).filter { $0 is TextNode }.map(\.path)
        #expect(paths.count == 4)
        #expect(paths[0].hasSuffix("#id(a)") && paths[1].hasSuffix("#id(b)"))
        #expect(!paths[2].contains("#id("))
    }
}
