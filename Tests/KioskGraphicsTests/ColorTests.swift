import Testing
@testable import KioskGraphics

@Suite struct ColorTests {
    @Test func parsesSixAndEightDigits() throws {
        let blue = try PixelColor(hex: "#007AFF")
        #expect(blue.premultipliedARGB == 0xFF00_7AFF)
        let halfRed = try PixelColor(hex: "#ff000080")
        #expect(halfRed.premultipliedARGB == 0x8080_0000)
    }

    @Test(arguments: ["007AFF", "#07F", "#007AFG", "#007AFF0", "", "#", "#GGGGGG"])
    func rejectsMalformed(_ text: String) {
        #expect(throws: ColorParseError.self) { try PixelColor(hex: text) }
    }

    @Test func errorNamesTheText() {
        do {
            _ = try PixelColor(hex: "#12345Z")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("#12345Z"))
        }
    }

    @Test func darkenKeepsAlpha() {
        let c = PixelColor(red: 1, green: 0.5, blue: 0, alpha: 0.5).darkened(by: 0.15)
        #expect(abs(c.red - 0.85) < 1e-9 && abs(c.green - 0.425) < 1e-9 && c.alpha == 0.5)
    }
}
