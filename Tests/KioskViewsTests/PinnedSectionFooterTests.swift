import Testing
import KioskTestSupport
@testable import KioskViews

@MainActor
@Suite("Pinned section footers")
struct PinnedSectionFooterTests {
    /// 10 sections, each 10 rows of 40 over a 30-point footer: a section is 430 points long.
    func sectionedList(pinned: PinnedScrollableViews = .sectionFooters) -> UIHost {
        UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView {
                LazyVStack(spacing: 0, pinnedViews: pinned) {
                    ForEach(0..<10) { section in
                        Section {
                            ForEach(0..<10, id: \.self) { row in
                                Text("Row \(section).\(row)").frame(maxWidth: .infinity).frame(height: 40)
                                    .background(row % 2 == 0 ? Color.white : Color(white: 0.93))
                            }
                        } footer: {
                            Text("End of \(section)").font(.footnote).frame(maxWidth: .infinity, alignment: .leading)
                                .padding(.horizontal, 16).frame(height: 30).background(Color(red: 0.8, green: 0.87, blue: 1))
                        }
                    }
                }
            }
        }
    }

    /// The frame of a section's footer row, when it is made.
    func footerFrame(_ host: UIHost, _ section: Int) -> Rect? {
        lazyStack(host).children.first { $0.path.hasSuffix(".\(section).2") }?.frame
    }

    @Test("The footer of the section at the bottom stays at the bottom while its rows scroll over it, until its section's start pulls it down")
    func pinnedAndPulled() {
        let host = sectionedList()
        let state = host.scrollState()
        #expect(footerFrame(host, 0)?.minY == 270, "pinned at the bottom before anything moves")
        var pulled = false
        for drag in 0..<2 {
            var frames = [touch(.down, 200, 290, at: Int64(drag) * 1000)]
            for step in 1...27 {
                frames.append(touch(.move, 200, 290 - Double(step) * 10, at: Int64(drag) * 1000 + Int64(step) * 10))
                _ = host.run(frames, until: Int64(drag) * 1000 + Int64(step) * 10)
                frames = []
                let offset = state.y.offset.rounded()
                let section = Int((offset + 299) / 430)
                let start = Double(section) * 430 - offset
                let expected = min(Double(section) * 430 + 400 - offset, max(270, start))
                #expect(footerFrame(host, section)?.minY == expected, "offset \(offset)")
                // Drawn over the rows that scroll over it.
                #expect(lazyStack(host).children.last?.path.hasSuffix(".\(section).2") == true)
                if expected > 270 {
                    pulled = true
                    // The last section's footer lies right over its start.
                    #expect(footerFrame(host, section - 1)?.maxY == expected, "offset \(offset)")
                }
            }
            _ = host.run([touch(.up, 200, 20, at: Int64(drag) * 1000 + 500)], until: Int64(drag) * 1000 + 600)
        }
        #expect(pulled)
        #expect(state.y.offset > 430)
    }

    @Test("Without pinned footers, footers scroll with their sections")
    func unpinned() {
        let host = sectionedList(pinned: .sectionHeaders)
        #expect(footerFrame(host, 0) == nil, "not made: it lies beyond the view and its margin")
        _ = host.run([touch(.down, 200, 290, at: 0), touch(.move, 200, 200, at: 10), touch(.move, 200, 100, at: 20)], until: 20)
        let offset = host.scrollState().y.offset
        #expect(footerFrame(host, 0)?.minY == 400 - offset)
    }

    @Test("Golden: a pinned footer over the rows scrolled under it, mid-scroll")
    func golden() throws {
        let host = sectionedList()
        let canvas = try Canvas(width: 400, height: 300)
        // Dragged 100 points up and held still before the lift: no fling.
        _ = host.run(drag(from: (200, 280), by: (0, -100), at: 0).dropLast() + [touch(.move, 200, 180, at: 400),
                     touch(.up, 200, 180, at: 400)], until: 2000)
        #expect(host.scrollState().y.offset == 90, "the drag past the touch slop")
        host.render(into: canvas)
        try GoldenImage.check(canvas, named: "section-pinned-footer")
    }
}
