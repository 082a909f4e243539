import Testing
@testable import KioskViews

@MainActor
@Suite("Layout")
struct LayoutTests {
    @Test("Strikethrough draws a line across the middle of the text, and only there")
    func strikethrough() throws {
        func render(_ text: Text) throws -> Canvas {
            let host = UIHost(size: Size(width: 200, height: 60), background: .white, textEngine: textEngine) {
                text.font(Font(size: 24)).foregroundColor(.black)
            }
            let canvas = try Canvas(width: 200, height: 60)
            host.render(into: canvas)
            return canvas
        }
        let plain = try render(Text("Sale")), struck = try render(Text("Sale").strikethrough())
        var changedRows: [Int] = []
        for y in 0..<60 where (0..<200).contains(where: { plain.argb(x: $0, y: y) != struck.argb(x: $0, y: y) }) {
            changedRows.append(y)
        }
        let rows = try #require(changedRows.first)...(changedRows.last ?? 0)
        #expect(rows.count <= 4, "a thin line, not \(rows)")
        #expect(abs(Double(rows.lowerBound + rows.upperBound) / 2 - 30) <= 6, "across the middle, not at \(rows)")
        #expect(Text("a").strikethrough().strikethrough(false).runs[0].isStrikethrough == false)
    }

    @Test("Button sizes grow strictly from mini to extraLarge")
    func controlSizesGrow() {
        let host = UIHost(size: Size(width: 1280, height: 800), textEngine: textEngine) {
            VStack {
                ForEach(ControlSize.allCases) { size in
                    Button("Order") {}.id(size.rawValue).controlSize(size)
                }
            }
            .buttonStyle(.borderedProminent)
        }
        let frames = ControlSize.allCases.map { host.frame(ofButton: $0.rawValue)! }
        for (smaller, larger) in zip(frames, frames.dropFirst()) {
            #expect(larger.width > smaller.width)
            #expect(larger.height > smaller.height)
        }
    }

    @Test("Seed 000's paddings: the plate is the label grown by the control size's insets")
    func paddings() {
        let expected: [ControlSize: (Double, Double)] = [.mini: (2, 8), .small: (4, 12), .regular: (8, 16), .large: (12, 20)]
        for (size, (v, h)) in expected {
            #expect(size.padding == Insets(vertical: v, horizontal: h))
        }
        #expect(ControlSize.extraLarge.padding.top > ControlSize.large.padding.top)
    }

    @Test("A capsule's corner radius is half its height")
    func capsuleRadius() throws {
        let host = UIHost(size: Size(width: 400, height: 200), textEngine: textEngine) {
            Button("Capsule") {}.id("c").buttonStyle(.borderedProminent).buttonBorderShape(.capsule).controlSize(.extraLarge)
        }
        let canvas = try Canvas(width: 400, height: 200)
        host.render(into: canvas)
        let fills = host.renderedList!.items.compactMap { item -> Rect? in
            if case let .fill(.capsule, rect, _, _, _) = item.op { return rect }
            return nil
        }
        let rect = try #require(fills.first)
        let r = rect.height / 2
        // On the row one pixel below the top edge the curve starts where a circle of radius
        // h/2 says it does; on the middle row the fill reaches the left edge.
        func leftmostFilled(row y: Int) -> Int {
            (Int(rect.minX) - 2..<Int(rect.maxX)).first { x in canvas.argb(x: x, y: y) & 0xFF > 0xC0 && canvas.argb(x: x, y: y) >> 16 & 0xFF < 0x80 }!
        }
        let y = Int(rect.minY) + 2
        let dy = r - (Double(y) + 0.5 - rect.minY)
        let expectedX = rect.minX + r - (r * r - dy * dy).squareRoot()
        #expect(abs(Double(leftmostFilled(row: y)) - expectedX) <= 1.5)
        #expect(abs(Double(leftmostFilled(row: Int(rect.center.y))) - rect.minX) <= 1)
    }

    @Test("A circular button is square and its touch target is the circle")
    func circle() {
        let host = UIHost(size: Size(width: 400, height: 400), textEngine: textEngine) {
            Button("+") {}.id("plus").buttonStyle(.borderedProminent).buttonBorderShape(.circle).controlSize(.large)
        }
        let f = host.frame(ofButton: "plus")!
        #expect(f.width == f.height)
        // A corner of the square is outside the circle: the touch goes to the screen.
        let corner = host.run([touch(.down, f.minX + 1, f.minY + 1, at: 0), touch(.up, f.minX + 1, f.minY + 1, at: 50)], until: 100)
        #expect(corner.isEmpty)
        let (cx, cy) = host.centre(of: "plus")
        let centre = host.run([touch(.down, cx, cy, at: 200), touch(.up, cx, cy, at: 250)], until: 300)
        #expect(centre == ["200 plus pressed", "250 plus released", "250 plus triggered tap"])
    }

    @Test("Text is centred in its button within 1 px, for every size and shape")
    func textCentred() throws {
        for size in ControlSize.allCases {
            for shape in [ButtonBorderShape.automatic, .capsule, .circle, .roundedRectangle(radius: 4)] {
                let host = UIHost(size: Size(width: 600, height: 300), textEngine: textEngine) {
                    Button("HOH") {}.id("b").buttonStyle(.borderedProminent).buttonBorderShape(shape).controlSize(size)
                }
                let button = host.frame(ofButton: "b")!
                let text = try #require(allNodes(host.rootNode!).first { $0 is TextNode })
                #expect(abs(text.frame.center.x - button.center.x) <= 1)
                #expect(abs(text.frame.center.y - button.center.y) <= 1)
                // The ink of a symmetric word is centred too.
                let canvas = try Canvas(width: 600, height: 300)
                host.render(into: canvas)
                let row = Int(text.frame.center.y)
                let white = (0..<600).filter { canvas.argb(x: $0, y: row) & 0xFF > 0xE0 && canvas.argb(x: $0, y: row) >> 16 & 0xFF > 0xE0 }
                let first = try #require(white.first), last = try #require(white.last)
                let ink = (Double(first) + Double(last + 1)) / 2
                #expect(abs(ink - button.center.x) <= 1, "size \(size) shape \(shape)")
            }
        }
    }

    @Test("Stacks: spacers take the rest, flexible frames fill, the least flexible child is sized first")
    func stacks() {
        let host = UIHost(size: Size(width: 1000, height: 200), textEngine: textEngine) {
            HStack(spacing: 0) {
                Button("A") {}.id("a").buttonStyle(.plain)
                Spacer()
                Button("B") {}.id("b").buttonStyle(.plain)
            }
        }
        let a = host.frame(ofButton: "a")!, b = host.frame(ofButton: "b")!
        #expect(a.minX == 0)
        #expect(b.maxX == 1000)

        let filled = UIHost(size: Size(width: 1000, height: 200), textEngine: textEngine) {
            HStack(spacing: 20) {
                Button("Wide") {}.id("wide").buttonStyle(.plain).frame(maxWidth: .infinity)
                Button("Fixed") {}.id("fixed").buttonStyle(.plain).frame(width: 100)
            }
        }
        #expect(filled.rootNode!.frame.width == 1000)
        #expect(filled.frame(ofButton: "fixed")!.maxX <= 1000)
        // The fixed child is sized first; the flexible frame takes the rest (1000 - 20 - 100).
        #expect(allNodes(filled.rootNode!).contains { $0 is FrameNode && $0.frame.width == 880 })
    }

    @Test("A grid shares the offered height between its rows and the width between its columns")
    func grid() {
        let host = UIHost(size: Size(width: 1280, height: 800), textEngine: textEngine) {
            Grid(columns: 4, spacing: 24) {
                ForEach(1...12) { n in
                    Button { } label: { Text("Button \(n)").frame(maxWidth: .infinity, maxHeight: .infinity) }
                        .id("b\(n)").buttonStyle(.plain)
                }
            }
            .padding(40)
        }
        #expect(host.frame(ofButton: "b1") == Rect(x: 40, y: 40, width: 282, height: 224))
        #expect(host.frame(ofButton: "b12")!.maxX == 1240)
        #expect(host.frame(ofButton: "b12")!.maxY == 760)
    }

    @Test("The nearest buttonStyle wins; styles do not chain (seed 000)")
    func nearestStyleWins() throws {
        let host = UIHost(size: Size(width: 600, height: 400), textEngine: textEngine) {
            VStack {
                Button("11") {}.id("plain")
                Button("22") {}.id("borderless").buttonStyle(.borderless)
                Button("33") {}.id("prominent").buttonStyle(.borderedProminent).buttonStyle(.borderless)
            }
            .buttonStyle(.plain)
        }
        host.render(into: try Canvas(width: 600, height: 400))
        let fills = host.renderedList!.items.filter { if case .fill = $0.op { return true } else { return false } }
        // Only the prominent button has a plate.
        #expect(fills.count == 1)
        if case let .fill(_, rect, _, _, _)? = fills.first?.op {
            #expect(rect == host.frame(ofButton: "prominent"))
        }
    }

    @Test("Hostile sizes draw nothing rather than crash")
    func hostileSizes() throws {
        let host = UIHost(size: Size(width: 300, height: 200), textEngine: textEngine) {
            VStack {
                Button("Inf") {}.id("inf").buttonStyle(.borderedProminent).frame(width: .infinity, height: 40)
                Button("NaN") {}.id("nan").buttonStyle(.borderedProminent).padding(.nan).scaleEffect(.nan)
                Text("Huge").padding(1e300)
                Color.red.opacity(.nan).frame(width: -10, height: -10)
            }
        }
        host.render(into: try Canvas(width: 300, height: 200))
        let empty = UIHost(size: Size(width: 300, height: 200), screens: [], textEngine: textEngine)
        #expect(empty.currentScreen == "empty")
        #expect(empty.render(into: try Canvas(width: 300, height: 200)).area == 300 * 200)
    }
}
