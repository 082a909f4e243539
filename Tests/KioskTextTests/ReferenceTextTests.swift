import KioskGraphics
import KioskText
import Testing
import KioskTestSupport

/// Reference images, each looked at before it was committed.
@Suite struct ReferenceTextTests {
    static let titles: [(name: String, text: String)] = [
        ("english", "Button title"), ("thai", "ปุ่มทดสอบ"), ("chinese", "按钮标题"), ("japanese", "ボタンのタイトル"),
    ]

    @Test(arguments: titles)
    func buttonTitle(_ title: (name: String, text: String)) throws {
        let layout = try library.layout(RichText(title.text, style: TextStyle(size: 28)))
        try GoldenImage.check(try render(layout), named: "title-\(title.name)")
    }

    /// Seed 004's marketing title.
    static func marketing(colored: Bool) -> RichText {
        let base = TextStyle(size: 24)
        return RichText("Please please ", style: base).italic().color(colored ? PixelColor(red8: 0x8E, green8: 0x44, blue8: 0xAD) : .black)
            + RichText("tap me ", style: base).color(colored ? .accent : .black)
            + RichText("NOW!", style: base).underline().bold().size(32).color(colored ? .systemRed : .black)
    }

    @Test(arguments: [false, true])
    func richTitle(colored: Bool) throws {
        let layout = try library.layout(Self.marketing(colored: colored))
        try GoldenImage.check(try render(layout), named: colored ? "rich-colored" : "rich-plain")
    }

    /// The same title inside a green button (seed 004's FSButton), centred.
    @Test func richTitleInButton() throws {
        let canvas = try Canvas(width: 420, height: 80)
        canvas.fill(canvas.bounds, color: .white)
        let button = Rect(x: 10, y: 10, width: 400, height: 60)
        canvas.fill(.roundedRectangle(cornerRadius: 8), in: button, color: PixelColor(red8: 0x34, green8: 0xC7, blue8: 0x59))
        try library.layout(Self.marketing(colored: false).color(.white), alignment: .center).draw(on: canvas, in: button)
        try GoldenImage.check(canvas, named: "rich-button")
    }

    @Test func strikethroughAndStyles() throws {
        let text = RichText("Regular ", style: TextStyle(size: 22)) + RichText("bold ").bold().size(22)
            + RichText("italic ").italic().size(22) + RichText("struck").strikethrough().size(22)
        try GoldenImage.check(try render(try library.layout(text)), named: "styles")
    }

    @Test func truncation() throws {
        let layout = try library.layout(RichText("Start the espresso machine now", style: TextStyle(size: 24)),
                                        maxWidth: 220, fitting: TextFitting(lineLimit: 1))
        #expect(layout.lines.count == 1)
        #expect(layout.size.width <= 220)
        try GoldenImage.check(try render(layout, width: 220), named: "truncated")
    }

    static let paragraph = "Tap a drink to start. 咖啡机正在加热，请稍候。Your cup is ready when the light turns green; ปุ่มทดสอบ ปุ่มทดสอบ."

    @Test func wrappedParagraph() throws {
        let layout = try library.layout(RichText(Self.paragraph, style: TextStyle(size: 20)), maxWidth: 300)
        #expect(layout.lines.count > 2)
        #expect(layout.lines.allSatisfy { $0.width <= 300 })
        try GoldenImage.check(try render(layout, width: 300), named: "paragraph")
    }

    @Test(arguments: [TextAlignment.leading, .center, .trailing])
    func alignment(_ alignment: TextAlignment) throws {
        let text = RichText("Short line\nA somewhat longer line\nEnd", style: TextStyle(size: 20))
        let layout = try library.layout(text, alignment: alignment)
        try GoldenImage.check(try render(layout, width: 300), named: "align-\(alignment)")
    }
}
