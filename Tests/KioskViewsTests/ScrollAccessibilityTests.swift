import Testing
@testable import KioskViews

/// A scroll moves the accessibility elements with the content: their frames are where the
/// rows now are, and a lazy list's elements are the rows that show.
@MainActor
@Suite("Accessibility while scrolling")
struct ScrollAccessibilityTests {
    /// A "Jump" button above a scroll view (y 40 to 300) of `rows` buttons 50 points apart.
    func host(lazy: Bool) -> UIHost {
        UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    Button("Jump") { proxy.scrollTo(500, anchor: .top) }.frame(height: 40)
                    ScrollView {
                        if lazy {
                            LazyVStack(spacing: 10) {
                                ForEach(0..<1000, id: \.self) { row in Button("Row \(row)") {}.frame(height: 40) }
                            }
                        } else {
                            VStack(spacing: 10) {
                                ForEach(0..<30, id: \.self) { row in Button("Row \(row)") {}.frame(height: 40) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The rows' elements, by label, with their tops.
    func rows(_ host: UIHost) -> [(label: String, top: Double)] {
        host.accessibilityElements.filter { $0.label.hasPrefix("Row ") }.map { ($0.label, $0.frame.minY) }
    }

    /// The rows whose frames meet the scroll view at its offset now, with their tops; row 0's
    /// top was `start` before any scroll.
    func shown(_ host: UIHost, start: Double, count: Int) -> [(label: String, top: Double)] {
        let scroll = host.scrollNodes.values.first!
        let offset = Double(scroll.pixelOffset.y)
        return (0..<count).map { ("Row \($0)", start + 50 * Double($0) - offset) }
            .filter { $0.top + 40 > scroll.frame.minY && $0.top < scroll.frame.maxY }
    }

    func expectRows(_ host: UIHost, _ expected: [(label: String, top: Double)], _ comment: Comment) {
        let listed = rows(host)
        #expect(listed.map(\.label) == expected.map(\.label), comment)
        #expect(listed.map(\.top) == expected.map(\.top), comment)
    }

    @Test("After a drag, a fling or scrollTo, a lazy list's elements are the rows that show, where they show")
    func lazyList() throws {
        let host = host(lazy: true)
        let state = host.scrollState()
        let start = try #require(rows(host).first).top
        expectRows(host, shown(host, start: start, count: 1000), "at the start")

        _ = host.handle(touch(.down, 200, 250, at: 0))
        for step in 1...10 { _ = host.handle(touch(.move, 200, 250 - Double(step) * 12, at: Int64(step) * 10)) }
        #expect(state.y.offset > 50, "the drag scrolled")
        expectRows(host, shown(host, start: start, count: 1000), "while the finger drags")

        _ = host.run([touch(.up, 200, 130, at: 110)], until: 5000)
        #expect(state.y.offset > 500, "the fling coasted")
        expectRows(host, shown(host, start: start, count: 1000), "after the fling")

        let jump = try #require(host.accessibilityElements.first { $0.label == "Jump" }).frame.center
        _ = host.run([touch(.down, jump.x, jump.y, at: 6000), touch(.up, jump.x, jump.y, at: 6050)], until: 6100)
        #expect(state.y.offset == 500 * 50)
        expectRows(host, shown(host, start: start, count: 1000), "after scrollTo")
        #expect(rows(host).first?.label == "Row 500")
    }

    @Test("In a plain stack every row stays an element, and each one's frame moves with the scroll")
    func plainStack() throws {
        let host = host(lazy: false)
        let before = rows(host)
        _ = host.run(drag(from: (200, 250), by: (0, -200), at: 0), until: 5000)
        let offset = Double(host.scrollNodes.values.first!.pixelOffset.y)
        #expect(offset > 200)
        let buttons = allNodes(host.rootNode!).compactMap { $0 as? PressableNode }.dropFirst()
        #expect(rows(host).map(\.label) == before.map(\.label))
        #expect(rows(host).map(\.top) == buttons.map(\.frame.minY), "the rows' elements are where their buttons are now")
        for (now, then) in zip(rows(host), before) { #expect(abs(now.top - (then.top - offset)) <= 1) }
    }

    @Test("The focused row keeps the focus while it shows, its ring moving with it; scrolled away, it loses it")
    func focusFollowsScroll() throws {
        let host = host(lazy: true)
        let canvas = try Canvas(width: 400, height: 300)
        let row = try #require(host.accessibilityElements.first { $0.label == "Row 1" })
        _ = try host.focus(row.id)
        host.render(into: canvas)

        _ = host.handle(touch(.down, 200, 250, at: 0))
        for step in 1...4 { _ = host.handle(touch(.move, 200, 250 - Double(step) * 10, at: Int64(step) * 10)) }
        host.render(into: canvas)
        let moved = try #require(host.accessibilityElements.first { $0.id == row.id })
        #expect(host.accessibilityFocus == row.id)
        #expect(moved.frame.minY == row.frame.minY - Double(host.scrollNodes.values.first!.pixelOffset.y))
        #expect(moved.frame.minY < row.frame.minY)
        #expect(host.screenReader.focusedFrame?.frame == moved.frame, "the ring is drawn round the row where it is now")

        for step in 5...20 { _ = host.handle(touch(.move, 200, 250 - Double(step) * 10, at: Int64(step) * 10)) }
        _ = host.handle(touch(.cancel, 200, 50, at: 210))
        host.render(into: canvas)
        #expect(!host.accessibilityElements.contains { $0.id == row.id }, "the row scrolled out of view")
        #expect(host.accessibilityFocus == nil)
    }
}
