import KioskGestures
import Testing

/// A gesture's value as outputs carry it: typed, compared by value, whichever box holds it.
@Suite("Gesture values")
struct GestureValueTests {
    @Test func aBooleanValueReadsBackAndComparesByValue() {
        #expect(GestureValue(true).value(as: Bool.self) == true)
        #expect(GestureValue(false).value(as: Bool.self) == false)
        #expect(GestureValue(true) == GestureValue(true))
        #expect(GestureValue(true) != GestureValue(false))
        #expect(GestureValue(true).value(as: Int.self) == nil)
        #expect(GestureValue(1).value(as: Bool.self) == nil)
        #expect(GestureValue(false).description == "false")
        #expect(Set([GestureValue(true), GestureValue(true), GestureValue(false)]).count == 2)
    }
}
