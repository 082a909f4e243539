import Testing
@testable import KioskViews

/// What `onScrollGeometryChange` told, in order.
@Observable
private final class GeometryLog {
    var offsets: [Double] = []
    var heights: [Double] = []
}

/// A list of 60 rows 50 points apart that reports its scroll position, with a horizontal
/// strip inside that reports nothing to the list's action.
private struct ReportingList: View {
    let log: GeometryLog
    @State private var shown = 0.0

    var body: some View {
        VStack(spacing: 0) {
            Text(verbatim: "At \(Int(shown))").frame(height: 20)
            ScrollView {
                VStack(spacing: 10) {
                    ScrollView(.horizontal) {
                        HStack { ForEach(0..<20) { i in Text("Chip \(i)").frame(width: 80, height: 40) } }
                    }
                    .frame(height: 40)
                    ForEach(0..<60) { row in Text("Row \(row)").frame(height: 40) }
                }
                .frame(maxWidth: .infinity)
            }
            .onScrollGeometryChange(for: Double.self, of: { $0.contentOffset.y }) { _, new in
                log.offsets.append(new)
                shown = new
            }
            .onScrollGeometryChange(for: Double.self, of: { $0.contentSize.height }) { _, new in log.heights.append(new) }
        }
    }
}

@MainActor
@Suite("Scroll geometry")
struct ScrollGeometryTests {
    @Test("onScrollGeometryChange reads the scroll position as a drag and a fling move it, and only when it changes")
    func readsThePosition() throws {
        let log = GeometryLog()
        let host = UIHost(size: Size(width: 400, height: 320), textEngine: textEngine) { ReportingList(log: log) }
        _ = host.run([], until: 100)
        #expect(log.offsets.isEmpty, "nothing moved yet")
        _ = host.run(drag(from: (200, 300), by: (0, -200), at: 200), until: 3000)
        let state = host.scrollState(at: Point(x: 200, y: 250))
        #expect(log.offsets.count > 10, "every frame of the drag and the coast")
        #expect(zip(log.offsets, log.offsets.dropFirst()).allSatisfy { $0 < $1 }, "told only of changes, here always up")
        #expect(log.offsets.last == state.y.offset)
        #expect(state.y.offset > 200)
        #expect(log.heights.isEmpty, "the content's height did not change")
        host.render(into: try Canvas(width: 400, height: 320))
        #expect(host.accessibilityElements.contains { $0.label == "At \(Int(state.y.offset))" }, "the state the action set")
    }

    @Test("A scroll view inside another does not run the outer one's action")
    func innerScrollViewIsNotTold() {
        let log = GeometryLog()
        let host = UIHost(size: Size(width: 400, height: 320), textEngine: textEngine) { ReportingList(log: log) }
        _ = host.run([], until: 100)
        // A horizontal stroke on the strip of chips scrolls the strip only.
        _ = host.run(drag(from: (300, 40), by: (-200, 0), at: 200), until: 3000)
        #expect(host.scrollState(at: Point(x: 300, y: 40)).x.offset > 100)
        #expect(log.offsets.isEmpty)
    }

    @Test("The geometry reads the offset, the content's size, the view's size and the visible rectangle")
    func geometryValues() {
        let geometry = ScrollGeometry(contentOffset: Point(x: 0, y: 120), contentSize: Size(width: 400, height: 3000),
                                      containerSize: Size(width: 400, height: 300))
        #expect(geometry.visibleRect == Rect(x: 0, y: 120, width: 400, height: 300))
    }
}
