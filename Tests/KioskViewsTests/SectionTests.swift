import Testing
import KioskTestSupport
@testable import KioskViews

@MainActor
@Suite("Sections")
struct SectionTests {
    @Test("A section in a stack lays out its header, content and footer in order; the header is an accessibility header")
    func order() {
        let host = UIHost(size: Size(width: 400, height: 400), textEngine: textEngine) {
            VStack(spacing: 4) {
                Section {
                    Text("One")
                    Text("Two")
                } header: {
                    Text("Drinks")
                } footer: {
                    Text("Prices include tax")
                }
                Section("Snacks") { Text("Crisps") }
                Section(content: { Text("Loose") })
                Section(header: Text("Views"), footer: Text("End")) { Text("Row") }
            }
        }
        let elements = host.accessibilityElements
        #expect(elements.map(\.label) == ["Drinks", "One", "Two", "Prices include tax", "Snacks", "Crisps", "Loose",
                                          "Views", "Row", "End"])
        let ys = elements.map(\.frame.minY)
        #expect(ys == ys.sorted() && Set(ys).count == ys.count)
        #expect(elements.filter { $0.traits.contains(.isHeader) }.map(\.label) == ["Drinks", "Snacks", "Views"])
    }

    @Test("A LazyVStack of 100 sections of 100 rows makes only the rows and headers in view")
    func lazySections() {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView {
                LazyVStack(spacing: 10) {
                    ForEach(0..<100) { section in
                        Section {
                            ForEach(0..<100, id: \.self) { row in Text("Row \(section).\(row)").frame(height: 40) }
                        } header: {
                            Text("Section \(section)").frame(height: 40)
                        }
                    }
                }
            }
        }
        let stack = lazyStack(host)
        // 300 points of view and 100 of margin below it, 50 points a row: the header and 7 rows.
        #expect(stack.madeRowCount == 8)
        #expect(host.accessibilityElements.map(\.label).prefix(3) == ["Section 0", "Row 0.0", "Row 0.1"])
        #expect(host.scrollState().y.maximum == 100 * 101 * 50 - 10 - 300)
        _ = host.run(drag(from: (200, 250), by: (0, -200), at: 0), until: 5000)
        #expect(host.scrollState().y.offset > 1000)
        #expect(stack.madeRowCount <= 11)
        let texts = allNodes(host.rootNode!).filter { $0 is TextNode }.count
        #expect(texts <= 11)
    }
}

@MainActor
@Suite("Pinned section headers")
struct PinnedSectionHeaderTests {
    /// 10 sections, each a 30-point header over 10 rows of 40: a section is 430 points long.
    func sectionedList(pinned: PinnedScrollableViews = .sectionHeaders) -> UIHost {
        UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView {
                LazyVStack(spacing: 0, pinnedViews: pinned) {
                    ForEach(0..<10) { section in
                        Section {
                            ForEach(0..<10, id: \.self) { row in
                                Text("Row \(section).\(row)").frame(maxWidth: .infinity).frame(height: 40)
                                    .background(row % 2 == 0 ? Color.white : Color(white: 0.93))
                            }
                        } header: {
                            Text("Section \(section)").bold().frame(maxWidth: .infinity, alignment: .leading).padding(.horizontal, 16)
                                .frame(height: 30).background(Color(red: 0.8, green: 0.87, blue: 1))
                        }
                    }
                }
            }
        }
    }

    /// The frame of a section's header row, when it is made.
    func headerFrame(_ host: UIHost, _ section: Int) -> Rect? {
        lazyStack(host).children.first { $0.path.hasSuffix(".\(section).0") }?.frame
    }

    @Test("The header of the section at the top stays at the top while its rows scroll under it, and the next header pushes it up")
    func pinnedAndPushed() {
        let host = sectionedList()
        let state = host.scrollState()
        var pushed = false
        for drag in 0..<2 {
            var frames = [touch(.down, 200, 290, at: Int64(drag) * 1000)]
            for step in 1...27 {
                frames.append(touch(.move, 200, 290 - Double(step) * 10, at: Int64(drag) * 1000 + Int64(step) * 10))
                _ = host.run(frames, until: Int64(drag) * 1000 + Int64(step) * 10)
                frames = []
                let offset = state.y.offset.rounded()
                let section = Int(offset / 430)
                let expected = min(0, Double(section) * 430 + 400 - offset)
                #expect(headerFrame(host, section)?.minY == expected, "offset \(offset)")
                // Drawn over the rows that scroll under it.
                #expect(lazyStack(host).children.last?.path.hasSuffix(".\(section).0") == true)
                if expected < 0 {
                    pushed = true
                    // The next header lies right under it.
                    #expect(headerFrame(host, section + 1)?.minY == expected + 30, "offset \(offset)")
                }
            }
            _ = host.run([touch(.up, 200, 20, at: Int64(drag) * 1000 + 500)], until: Int64(drag) * 1000 + 600)
        }
        #expect(pushed)
        #expect(state.y.offset > 430)
    }

    @Test("Without pinned views, headers scroll with their sections")
    func unpinned() {
        let host = sectionedList(pinned: [])
        _ = host.run([touch(.down, 200, 290, at: 0), touch(.move, 200, 200, at: 10), touch(.move, 200, 100, at: 20)], until: 20)
        let offset = host.scrollState().y.offset
        #expect(offset > 0)
        #expect(headerFrame(host, 0)?.minY == -offset)
    }

    @Test("A scroll frame under a pinned header draws what a whole redraw draws; golden mid-scroll")
    func pinnedPixels() throws {
        let host = sectionedList()
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        _ = host.run(drag(from: (200, 280), by: (0, -200), at: 0), until: 100)
        host.render(into: canvas)
        var moved = 0
        for ms in stride(from: 116, through: 1500, by: 16) {
            let old = host.renderedList!
            _ = host.advance(to: Int64(ms) * 1000)
            guard host.needsFrame else { continue }
            host.render(into: canvas)
            moved += host.renderedList!.changes(since: old, within: canvas.bounds).moves.count
            let whole = try host.expectDrawnAsWhole(canvas, "at \(ms) ms")
            if ms == 500 { try GoldenImage.check(whole, named: "section-pinned-header") }
        }
        #expect(moved > 10)
        #expect(host.scrollState().y.offset > 430)
    }
}

@MainActor
@Suite("Pinned header touches")
struct PinnedHeaderTouchTests {
    @Test("A tap on a pinned header goes to the header, not to the row scrolled under it")
    func tapOnHeader() {
        final class Taps { var names: [String] = [] }
        let taps = Taps()
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView {
                LazyVStack(spacing: 0, pinnedViews: .sectionHeaders) {
                    Section {
                        ForEach(0..<20, id: \.self) { row in
                            Button("Row \(row)") { taps.names.append("row \(row)") }.frame(maxWidth: .infinity).frame(height: 40)
                        }
                    } header: {
                        Button("Header") { taps.names.append("header") }.frame(maxWidth: .infinity).frame(height: 30)
                            .background(Color.white)
                    }
                }
            }
        }
        _ = host.run([touch(.down, 200, 290, at: 0), touch(.move, 200, 200, at: 10), touch(.move, 200, 100, at: 20),
                      touch(.up, 200, 100, at: 30)], until: 9000)
        #expect(host.scrollState().y.offset > 100)
        _ = host.run([touch(.down, 200, 10, at: 10_000), touch(.up, 200, 10, at: 10_050)], until: 10_100)
        #expect(taps.names == ["header"])
    }
}
