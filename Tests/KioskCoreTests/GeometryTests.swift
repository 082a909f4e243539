import KioskCore
import Testing

@Suite struct CoreGeometryTests {
    /// Touches are points of the UI's geometry: a frame's hit test takes them as they are.
    @Test func aRectContainsTouchesHalfOpen() {
        let frame = Rect(x: 10, y: 10, width: 20, height: 20)
        #expect(frame.contains(TouchLocation(x: 10, y: 10)))
        #expect(!frame.contains(TouchLocation(x: 30, y: 15)))
        #expect(frame.insetBy(dx: -5, dy: -5).contains(TouchLocation(x: 34, y: 15)))
    }

    @Test func rotationTurns() {
        #expect(ScreenRotation.allCases.map(\.quarterTurns) == [0, 1, 2, 3])
        #expect(ScreenRotation.allCases.map(\.swapsAxes) == [false, true, false, true])
        #expect(ScreenRotation(degrees: 45) == nil)
    }
}
