import Testing
@testable import KioskViews

@MainActor
@Suite("Effect and layout modifiers")
struct EffectModifierTests {
    @Test("Blend modes combine with what lies under: multiply, screen, darken, lighten, and hue through pixman")
    func blendModes() throws {
        func blended(_ mode: BlendMode) throws -> (r: Int, g: Int, b: Int) {
            let c = try rendered(Color(red: 0.2, green: 0.6, blue: 1)
                .overlay(Color(red: 1, green: 0.5, blue: 0.2).blendMode(mode)), width: 20, height: 20)
            return rgb(c, 10, 10)
        }
        #expect(try blended(.normal) == (255, 128, 51))
        let multiply = try blended(.multiply)
        #expect(abs(multiply.r - 51) <= 1 && abs(multiply.g - 77) <= 1 && abs(multiply.b - 51) <= 1, "\(multiply)")
        let screen = try blended(.screen)
        #expect(screen.r == 255 && abs(screen.g - 204) <= 1 && screen.b == 255, "\(screen)")
        #expect(try blended(.darken) == (51, 128, 51))
        #expect(try blended(.lighten) == (255, 153, 255))
        // Hue takes the orange's hue onto the blue's saturation and luminosity: warm, not blue.
        let hue = try blended(.hue)
        #expect(hue.r > hue.b, "\(hue)")
    }

    @Test("rotationEffect turns the drawing about its centre, clockwise")
    func rotation() throws {
        // A bar across the top half; turned 90° clockwise it lies on the right half.
        let bar = VStack(spacing: 0) { Color.black; Color.white }.frame(width: 100, height: 100)
        let c = try rendered(bar.rotationEffect(.degrees(90)), width: 100, height: 100)
        #expect(rgb(c, 80, 50).r < 20 && rgb(c, 20, 50).r > 235)
    }

    @Test("scaleEffect scales about its anchor, uniformly or per axis")
    func scale() throws {
        let c = try rendered(Color.black.scaleEffect(0.5, anchor: .topLeading), width: 100, height: 100)
        #expect(rgb(c, 40, 40).r < 20 && rgb(c, 60, 60).r > 235)
        let wide = try rendered(Color.black.scaleEffect(x: 1, y: 0.5), width: 100, height: 100)
        #expect(rgb(wide, 5, 50).r < 20 && rgb(wide, 50, 10).r > 235 && rgb(wide, 50, 90).r > 235)
        let sized = try rendered(Color.black.scaleEffect(CGSize(width: 0.5, height: 1)), width: 100, height: 100)
        #expect(rgb(sized, 50, 5).r < 20 && rgb(sized, 10, 50).r > 235)
    }

    @Test("offset moves drawing and frames but not the layout around it")
    func offset() throws {
        let host = UIHost(size: Size(width: 400, height: 200), textEngine: textEngine) {
            HStack(spacing: 0) {
                Button("A") {}.id("a").offset(x: 30, y: 20)
                Button("B") {}.id("b")
            }
        }
        let plain = UIHost(size: Size(width: 400, height: 200), textEngine: textEngine) {
            HStack(spacing: 0) {
                Button("A") {}.id("a")
                Button("B") {}.id("b")
            }
        }
        let moved = try #require(host.frame(ofButton: "a")), still = try #require(plain.frame(ofButton: "a"))
        #expect(moved.minX == still.minX + 30 && moved.minY == still.minY + 20)
        #expect(host.frame(ofButton: "b") == plain.frame(ofButton: "b"))
        // Inside the moved button, outside where it was (and below B).
        let (x, y) = (still.maxX + 5, moved.maxY - 5)
        #expect(host.run([touch(.down, x, y, at: 0), touch(.up, x, y, at: 50)], until: 100).contains("50 a triggered tap"))
    }

    @Test("clipShape and cornerRadius keep only the drawing inside the shape")
    func clip() throws {
        let c = try rendered(Color.black.clipShape(Circle()), width: 100, height: 100)
        #expect(rgb(c, 50, 50).r < 20 && rgb(c, 3, 3).r > 235)
        let r = try rendered(Color.black.cornerRadius(30), width: 100, height: 100)
        #expect(rgb(r, 2, 2).r > 235 && rgb(r, 50, 2).r < 20)
    }

    @Test("border draws a line inside the frame; overlay and background take an alignment")
    func borderAndAlignment() throws {
        let c = try rendered(Color.white.border(Color.red, width: 4).overlay(alignment: .bottomTrailing) {
            Color.blue.frame(width: 20, height: 20)
        }.background(alignment: .topLeading) { Color.black }, width: 100, height: 100)
        #expect(rgb(c, 1, 50) == (0xFF, 0x3B, 0x30) && rgb(c, 6, 50) == (255, 255, 255))
        #expect(rgb(c, 90, 90) == (0x00, 0x7A, 0xFF) && rgb(c, 70, 90) == (255, 255, 255))
    }

    @Test("padding(_:_:) pads only the edges named")
    func paddingEdges() throws {
        let c = try rendered(Color.black.padding(.leading, 30).padding([.top, .bottom]), width: 100, height: 100)
        #expect(rgb(c, 20, 50).r > 235 && rgb(c, 40, 50).r < 20)
        #expect(rgb(c, 40, 8).r > 235 && rgb(c, 40, 20).r < 20)
    }

    @Test("A hidden view keeps its space, draws nothing and takes no touches")
    func hidden() throws {
        let counter = Counter()
        let host = UIHost(size: Size(width: 300, height: 200), textEngine: textEngine) {
            HStack {
                Button("Gone") { counter.count += 1 }.id("gone").hidden()
                Button("Here") {}.id("here")
            }
        }
        #expect(host.frame(ofButton: "gone") == nil)
        let canvas = try Canvas(width: 300, height: 200)
        host.render(into: canvas)
        let texts = host.renderedList!.items.compactMap { item -> String? in
            if case let .text(text, _) = item.op { return text.runs.map(\.string).joined() }
            return nil
        }
        #expect(texts == ["Here"])
        let here = try #require(host.frame(ofButton: "here"))
        #expect(here.minX > 150, "the hidden button still takes its half")
        _ = host.run([touch(.down, 75, 100, at: 0), touch(.up, 75, 100, at: 50)], until: 100)
        #expect(counter.count == 0)
    }

    @Test("allowsHitTesting(false) lets touches through to what lies under; an inner true cannot undo it")
    func allowsHitTesting() {
        let host = UIHost(size: Size(width: 300, height: 200), textEngine: textEngine) {
            ZStack {
                Button("Under") {}.id("under").frame(width: 200, height: 100)
                Button("Over") {}.id("over").frame(width: 200, height: 100).allowsHitTesting(true).allowsHitTesting(false)
            }
        }
        #expect(host.frame(ofButton: "over") == nil)
        let events = host.run([touch(.down, 150, 100, at: 0), touch(.up, 150, 100, at: 50)], until: 100)
        #expect(events.contains("50 under triggered tap"))
    }

    @Test("zIndex orders siblings' drawing: higher on top, equal ones in order")
    func zIndex() throws {
        let c = try rendered(ZStack {
            Color.red.zIndex(2)
            Color.green
            Color.blue.zIndex(1)
        }, width: 20, height: 20)
        #expect(rgb(c, 10, 10) == (0xFF, 0x3B, 0x30))
        let d = try rendered(ZStack {
            Color.red
            Color.green.padding(0)
        }, width: 20, height: 20)
        #expect(rgb(d, 10, 10) == (0x34, 0xC7, 0x59))
    }
}
