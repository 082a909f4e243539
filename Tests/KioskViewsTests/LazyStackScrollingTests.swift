import KioskGraphics
import Observation
import Testing
@testable import KioskViews

/// A scroll frame moves the rows a lazy stack placed and places only those coming into view:
/// the outcome must be what placing the whole list afresh gives.
@MainActor
@Suite("Lazy stacks while scrolling")
struct LazyStackScrollingTests {
    final class Taps { var rows: [Int] = [] }

    /// 1,000 buttons of 40 points, 10 apart; with `sections`, in sections of 10 rows between
    /// a pinned 30-point header and a pinned 20-point footer.
    func list(_ taps: Taps, sections: Bool = false) -> UIHost {
        UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView {
                LazyVStack(spacing: 10, pinnedViews: [.sectionHeaders, .sectionFooters]) {
                    if sections {
                        ForEach(0..<100) { section in
                            Section {
                                ForEach(0..<10, id: \.self) { row in
                                    Button("Row \(section * 10 + row)") { taps.rows.append(section * 10 + row) }
                                        .frame(maxWidth: .infinity).frame(height: 40).background(Color.white)
                                }
                            } header: {
                                Text("Section \(section)").frame(maxWidth: .infinity).frame(height: 30).background(Color.yellow)
                            } footer: {
                                Text("End of \(section)").frame(maxWidth: .infinity).frame(height: 20).background(Color.orange)
                            }
                        }
                    } else {
                        ForEach(0..<1_000, id: \.self) { row in
                            Button("Row \(row)") { taps.rows.append(row) }.frame(maxWidth: .infinity).frame(height: 40)
                                .background(Color.white)
                        }
                    }
                }
            }
        }
    }

    func scrollNode(_ host: UIHost) -> ScrollNode {
        allNodes(host.rootNode!).compactMap { $0 as? ScrollNode }.first!
    }

    /// The rows placed (their paths and frames, every node inside them included).
    func placedRows(_ host: UIHost) -> [String] {
        lazyStack(host).children.flatMap { allNodes($0).map { "\($0.path) \($0.frame)" } }
    }

    @Test("A row scrolled into view runs its onAppear in that frame, before anything is resolved again")
    func onAppearInTheFrameARowComes() throws {
        final class Appeared { var rows: Set<Int> = [] }
        let appeared = Appeared()
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView {
                LazyVStack(spacing: 10) {
                    ForEach(0..<1_000, id: \.self) { row in
                        Text("Row \(row)").frame(height: 40).onAppear { appeared.rows.insert(row) }
                    }
                }
            }
        }
        host.render(into: try Canvas(width: 400, height: 300))
        #expect(appeared.rows.contains(0) && !appeared.rows.contains(20))
        // A drag up the list, held still at its end: the frames of the drag only scroll.
        _ = host.run(Array(drag(from: (200, 280), by: (0, -250), at: 0).dropLast()), until: 200)
        let offset = host.scrollState().y.offset
        #expect(offset > 200)
        // Row i lies from 50i to 50i + 40: these show.
        let shown = Set(Int(offset / 50)...Int((offset + 299) / 50))
        #expect(shown.isSubset(of: appeared.rows))
    }

    @Test("Rows coming into view during a fling are made and placed beside the rows kept, those gone are dropped, as a fresh layout has them",
          arguments: [false, true])
    func flingMatchesFreshLayout(sections: Bool) throws {
        let host = list(Taps(), sections: sections)
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        // Down the list fast, then back up it.
        _ = host.run(drag(from: (200, 280), by: (0, -250), at: 0, steps: 5), until: 60)
        var frames = 0
        for ms in stride(from: Int64(76), through: 3000, by: 16) {
            if ms == 1500 { _ = host.run(drag(from: (200, 20), by: (0, 250), at: ms, steps: 5), until: ms) }
            _ = host.advance(to: ms * 1000)
            guard host.needsFrame else { continue }
            host.render(into: canvas)
            frames += 1
            let scrolled = placedRows(host)
            // The rows in the 500 points around the view, and a pinned header and footer.
            #expect(lazyStack(host).madeRowCount <= (sections ? 15 : 13), "at \(ms) ms")
            // Placing the content afresh at the same offset gives the same rows in the same places.
            let scroll = scrollNode(host)
            scroll.place(in: scroll.frame)
            let fresh = placedRows(host)
            let difference = zip(scrolled, fresh).first { $0 != $1 }.map { "\($0.0) ≠ \($0.1)" }
                ?? (scrolled.count == fresh.count ? nil : "\(scrolled.count) ≠ \(fresh.count) nodes")
            #expect(difference == nil, "at \(ms) ms")
            if ms % 160 == 76 { try host.expectDrawnAsWhole(canvas, "at \(ms) ms") }
        }
        #expect(frames > 100)
        #expect(host.scrollState().y.offset > 0)
    }

    @Test("A tap on a row after a fling triggers the row under the finger")
    func tapAfterFling() {
        let taps = Taps()
        let host = list(taps)
        _ = host.run(drag(from: (200, 280), by: (0, -250), at: 0, steps: 5), until: 6000)
        let offset = host.scrollState().y.offset
        #expect(offset > 1000)
        #expect(!host.scrollState().y.isAnimating)
        // The row whose middle lies nearest the view's middle, and where its middle is now.
        let row = Int(((offset + 150) / 50).rounded(.down))
        let y = Double(row) * 50 + 20 - offset
        _ = host.run([touch(.down, 200, y, at: 7000), touch(.up, 200, y, at: 7050)], until: 7100)
        #expect(taps.rows == [row])
    }

    @Test("A row scrolled out of view and back is the row made before, moved to its place rather than made again")
    func rowScrolledBackIsKept() throws {
        let host = list(Taps())
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        let first = try #require(lazyStack(host).children.first)
        _ = host.run(drag(from: (200, 280), by: (0, -250), at: 0, steps: 5), until: 6000)
        #expect(host.scrollState().y.offset > 1000)
        #expect(!lazyStack(host).children.contains { $0 === first })
        #expect(!lazyStack(host).keptRows.isEmpty)
        var time: Int64 = 7000
        while host.scrollState().y.offset > 0, time < 40_000 {
            _ = host.run(drag(from: (200, 20), by: (0, 250), at: time, steps: 5), until: time + 5000)
            time += 6000
        }
        #expect(host.scrollState().y.offset == 0)
        #expect(lazyStack(host).children.first === first)
        #expect(first.frame.minY == 0)
        host.render(into: canvas)
        try host.expectDrawnAsWhole(canvas)
    }

    @Test("Rows out of view are kept up to the limit, the nearest to the view")
    func keptRowsAreBounded() {
        let host = list(Taps())
        lazyStack(host).keptLimit = 4
        _ = host.run(drag(from: (200, 280), by: (0, -250), at: 0, steps: 5), until: 6000)
        let stack = lazyStack(host)
        // Rows are 50 points apart: the ones kept are the four above the first placed.
        let first = Int(((stack.children[0].frame.minY + host.scrollState().y.offset) / 50).rounded())
        #expect(stack.keptRows == Array((first - 4)..<first))
    }

    @Test("A list scrolled far holds the button ids of the rows it made and kept, not of every row it ever made")
    func claimedIDsAreBounded() {
        // The rows straight in the stack, so that none is made before it comes into view.
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView {
                LazyVStack(spacing: 10) {
                    ForEach(0..<1_000, id: \.self) { row in Button("Row \(row)") {}.frame(maxWidth: .infinity).frame(height: 40) }
                }
            }
        }
        lazyStack(host).keptLimit = 4
        var time: Int64 = 0
        for _ in 0..<4 {
            _ = host.run(drag(from: (200, 280), by: (0, -250), at: time, steps: 5), until: time + 5000)
            time += 6000
        }
        let stack = lazyStack(host)
        #expect(host.scrollState().y.offset > 2000)
        #expect(stack.session.claimedCount == stack.madeRowCount + stack.keptRows.count)
    }

    /// The list sits in an `else if`: an `if` inside an `if`, the inner one without an
    /// `else`. Shown, its rows are made as they come into view; made at once, all 1,000
    /// would have claimed their button ids.
    @Test("The list an if shows in a lazy stack makes only the rows in view, as a list of its own does",
          arguments: [false, true])
    func listInAnIfIsLazy(showsEmptyState: Bool) throws {
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView {
                LazyVStack(spacing: 10) {
                    if showsEmptyState {
                        Text("Nothing yet")
                    } else if !showsEmptyState {
                        ForEach(0..<1_000, id: \.self) { row in Button("Row \(row)") {}.frame(height: 40) }
                    }
                }
            }
        }
        host.render(into: try Canvas(width: 400, height: 300))
        let stack = lazyStack(host)
        #expect(stack.madeRowCount == (showsEmptyState ? 1 : 8))
        #expect(stack.session.claimedCount == (showsEmptyState ? 0 : 8))
        #expect(host.buttonIDs.count == (showsEmptyState ? 0 : 8))
    }

    @Observable
    final class Caption { var leading = false }

    /// A list resolved by a view of its own inside the scroll view: its rows line up as `caption` says.
    struct CaptionedRows: View {
        let caption: Caption

        var body: some View {
            LazyVStack(alignment: caption.leading ? .leading : .center, spacing: 10) {
                ForEach(0..<1_000, id: \.self) { row in Text("Row \(row)").frame(height: 40) }
            }
        }
    }

    @Test("A lazy stack resolved again inside a scroll view follows the view as the one it replaced did")
    func stackResolvedAgainFollows() throws {
        let caption = Caption()
        let host = UIHost(size: Size(width: 400, height: 300), textEngine: textEngine) {
            ScrollView { CaptionedRows(caption: caption) }
        }
        let canvas = try Canvas(width: 400, height: 300)
        host.render(into: canvas)
        _ = host.run(drag(from: (200, 280), by: (0, -250), at: 0, steps: 5), until: 6000)
        let old = lazyStack(host)
        caption.leading = true
        host.render(into: canvas)
        #expect(lazyStack(host) !== old)
        _ = host.run(drag(from: (200, 280), by: (0, -250), at: 7000, steps: 5), until: 13_000)
        #expect(lazyStack(host).madeRowCount <= 13)
        host.render(into: canvas)
        try host.expectDrawnAsWhole(canvas)
    }

    @Test("A row a drag brought into view is found where it is drawn while the finger is down, and takes the next tap")
    func rowBroughtByADragTakesTheNextTap() throws {
        let taps = Taps()
        let host = list(taps)
        host.render(into: try Canvas(width: 400, height: 300))
        let firstIDs = Set(host.buttonIDs)
        // The first finger drags the list up 280 points and stays down.
        for frame in drag(from: (200, 290), by: (0, -280), at: 0).dropLast() { _ = host.handle(frame) }
        let offset = host.scrollState().y.offset
        // Row 10 lies from 500 to 540 in the list: below the rows made for the first frame.
        let y = 520 - offset
        #expect(y > 0 && y < 300)
        let found = host.buttonIDs.filter { host.frame(ofButton: $0)!.contains(Point(x: 200, y: y)) }
        #expect(found.count == 1 && !firstIDs.contains(found[0]))
        // Held still before it lifts: the list stays where it is.
        _ = host.handle(touch(.up, 200, 10, at: 400))
        _ = host.advance(to: 500_000)
        #expect(host.scrollState().y.offset == offset)
        _ = host.handle(touch(.down, 200, y, at: 600))
        _ = host.handle(touch(.up, 200, y, at: 650))
        #expect(taps.rows == [10])
    }
}
