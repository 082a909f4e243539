import KioskGraphics
import Testing

@Suite("Canvas serials")
struct CanvasSerialTests {
    @Test func aCanvasMadeWhereAnotherWasIsToldApart() throws {
        var first: Canvas? = try Canvas(width: 8, height: 8)
        let firstSerial = try #require(first?.serial)
        first = nil
        let second = try Canvas(width: 8, height: 8)
        let third = try Canvas(width: 8, height: 8)
        #expect(second.serial != firstSerial)
        #expect(third.serial != second.serial && third.serial != firstSerial)
    }
}
