import Testing
@testable import KioskViews

/// SwiftUI's Dynamic Type: text styles follow Apple's size table, fixed sizes stay, ranges
/// clamp, the built-in controls' padding grows and layouts reflow.
@MainActor
@Suite("Dynamic Type")
struct DynamicTypeTests {
    /// The laid-out text nodes for `view` on a 600x400 screen.
    func textNodes<V: View>(_ view: V, size: Size = Size(width: 600, height: 400)) throws -> [TextNode] {
        let host = UIHost(size: size, textEngine: textEngine) { view }
        _ = host.render(into: try Canvas(width: Int(size.width), height: Int(size.height)))
        let root = try #require(host.rootNode)
        return allNodes(root).compactMap { $0 as? TextNode }
    }

    func fontSize<V: View>(_ view: V) throws -> Double {
        try #require(textNodes(view).first?.text.runs.first?.font.size)
    }

    @Test("Each text style takes Apple's point size at each size category")
    func textStyleSizes() throws {
        #expect(Font.TextStyle.body.pointSize(at: .large) == 17)
        #expect(Font.TextStyle.body.pointSize(at: .xxxLarge) == 23)
        #expect(Font.TextStyle.body.pointSize(at: .accessibility5) == 53)
        #expect(Font.TextStyle.largeTitle.pointSize(at: .xSmall) == 31)
        #expect(Font.TextStyle.largeTitle.pointSize(at: .accessibility5) == 60)
        #expect(Font.TextStyle.caption2.pointSize(at: .medium) == 11)
        #expect(Font.TextStyle.title.pointSize(at: .accessibility1) == 38)
        for style in Font.TextStyle.allCases {
            let sizes = DynamicTypeSize.allCases.map(style.pointSize(at:))
            #expect(sizes == sizes.sorted(), "\(style) never shrinks as the size grows")
        }
        #expect(try fontSize(Text("Hi").font(.body).dynamicTypeSize(.accessibility5)) == 53)
        #expect(try fontSize(Text("Hi").font(.title3).dynamicTypeSize(.xxxLarge)) == 26)
        #expect(try fontSize(Text("Hi").dynamicTypeSize(.xSmall)) == 14, "the default font is body")
        #expect(try fontSize(Text("Hi").font(.headline).dynamicTypeSize(.accessibility2)) == 33)
    }

    @Test("A fixed size stays; a custom size relative to a style grows in its proportion")
    func fixedAndRelativeSizes() throws {
        #expect(try fontSize(Text("Hi").font(.system(size: 20)).dynamicTypeSize(.accessibility5)) == 20)
        #expect(try fontSize(Text("Hi").font(Font(size: 32)).dynamicTypeSize(.accessibility5)) == 32)
        #expect(try fontSize(Text("Hi").font(.custom("DejaVu Sans", size: 34, relativeTo: .body)).dynamicTypeSize(.xxxLarge)) == 46)
        #expect(try fontSize(Text("Hi").font(.custom("DejaVu Sans", fixedSize: 34)).dynamicTypeSize(.xxxLarge)) == 34)
        #expect(try fontSize(Text("Hi").font(.system(.body, weight: .bold)).dynamicTypeSize(.xxxLarge)) == 23)
    }

    @Test("Sizes are ordered; the five largest are accessibility sizes")
    func ordering() {
        #expect(DynamicTypeSize.allCases.count == 12)
        #expect(DynamicTypeSize.xSmall < .large && DynamicTypeSize.xxxLarge < .accessibility1)
        #expect(DynamicTypeSize.allCases.filter(\.isAccessibilitySize) == [.accessibility1, .accessibility2, .accessibility3,
                                                                           .accessibility4, .accessibility5])
        #expect(EnvironmentValues().dynamicTypeSize == .large)
    }

    @Test("A range clamps the size from outside and the sizes set inside it")
    func clamping() throws {
        #expect(try fontSize(Text("Hi").dynamicTypeSize(...DynamicTypeSize.xxLarge).dynamicTypeSize(.accessibility5)) == 21)
        #expect(try fontSize(Text("Hi").dynamicTypeSize(.accessibility3).dynamicTypeSize(...DynamicTypeSize.xxLarge)) == 21,
                "a size set inside the range is kept within it")
        #expect(try fontSize(Text("Hi").dynamicTypeSize(DynamicTypeSize.large...DynamicTypeSize.xLarge).dynamicTypeSize(.xSmall)) == 17)
        #expect(try fontSize(Text("Hi").dynamicTypeSize(.medium ..< .xLarge).dynamicTypeSize(.accessibility1)) == 17,
                "a half-open range stops before its upper bound")
        #expect(try fontSize(Text("Hi").dynamicTypeSize(.xLarge...).dynamicTypeSize(...DynamicTypeSize.xxLarge)
            .dynamicTypeSize(.small)) == 19, "nested ranges narrow to their overlap")
        #expect(try fontSize(Text("Hi").dynamicTypeSize(DynamicTypeSize.accessibility2...).dynamicTypeSize(.xLarge)) == 33,
                "a size below the range is raised into it")
    }

    @Test("The built-in buttons' padding grows with the text, more slowly than it")
    func paddingGrows() {
        for size in ControlSize.allCases {
            #expect(size.padding(at: .large) == size.padding)
            let grown = size.padding(at: .accessibility5), shrunk = size.padding(at: .xSmall)
            #expect(grown.top > size.padding.top && grown.leading > size.padding.leading)
            #expect(shrunk.leading <= size.padding.leading)
            #expect(grown.leading < size.padding.leading * 53 / 17, "slower than the body text grows")
        }
        #expect(ControlSize.regular.padding(at: .accessibility5) == Insets(vertical: 14, horizontal: 28))
    }

    @Test("A button reflows: larger text and padding make it taller and wider")
    func buttonGrows() throws {
        func frame(_ size: DynamicTypeSize) throws -> Rect {
            let host = UIHost(size: Size(width: 800, height: 480), textEngine: textEngine) {
                VStack {
                    Button("Pay") {}.id("pay").buttonStyle(.bordered)
                    Button("Cancel") {}.id("cancel").buttonStyle(.borderedProminent)
                }
            }
            host.dynamicTypeSize = size
            _ = host.render(into: try Canvas(width: 800, height: 480))
            let pay = try #require(host.frame(ofButton: "pay")), cancel = try #require(host.frame(ofButton: "cancel"))
            #expect(cancel.minY >= pay.maxY, "the stack reflows: the second button stays below the first")
            return pay
        }
        let standard = try frame(.large), larger = try frame(.accessibility3)
        #expect(larger.height > standard.height * 1.8)
        #expect(larger.width > standard.width * 1.5)
        #expect(try frame(.xSmall).height < standard.height)
    }

    @Test("Switched at run time, text in a text style grows; a fixed-size text is not drawn again")
    func runtimeSwitch() throws {
        let host = UIHost(size: Size(width: 600, height: 400), textEngine: textEngine) {
            VStack(spacing: 0) {
                Text("Fixed").font(.system(size: 20)).frame(height: 100)
                Text("Body").frame(height: 200)
            }
        }
        let canvas = try Canvas(width: 600, height: 400)
        host.render(into: canvas)
        let root = try #require(host.rootNode)
        let texts = allNodes(root).compactMap { $0 as? TextNode }
        let fixed = try #require(texts.first).frame, body = try #require(texts.last).frame
        host.dynamicTypeSize = .accessibility2
        #expect(host.dynamicTypeSize == .accessibility2)
        #expect(host.needsFrame)
        let damage = host.render(into: canvas)
        let newRoot = try #require(host.rootNode)
        let grown = try #require(allNodes(newRoot).compactMap { $0 as? TextNode }.last).frame
        #expect(grown.height > body.height * 1.5)
        #expect(damage.contains(x: Int(grown.center.x), y: Int(grown.center.y)))
        #expect(!damage.contains(x: Int(fixed.center.x), y: Int(fixed.center.y)), "\(damage)")
        host.dynamicTypeSize = .accessibility2
        #expect(!host.needsFrame, "the same size again changes nothing")
    }

    @Test("A text taller than its frame keeps to the lines that fit")
    func tallTextIsCut() throws {
        let text = try #require(try textNodes(Text("Hold to reset").dynamicTypeSize(.accessibility5).frame(width: 154, height: 146)).first)
        #expect(text.frame.height <= 146.5)
        #expect(text.frame.width <= 154.5)
    }
}
