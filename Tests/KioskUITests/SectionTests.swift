import Testing
@testable import KioskUI

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
        let stack = allNodes(host.rootNode!).compactMap { $0 as? LazyStackNode }.first!
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
