import KioskGestures
import Testing
@testable import KioskInput

@Suite struct TouchTransformTests {
    /// A 1280x800 panel, as the virtual board's bochs card offers.
    func transform(_ rotation: ScreenRotation, _ calibration: CalibrationMatrix = .identity) -> TouchTransform {
        TouchTransform(panelWidth: 1280, panelHeight: 800, rotation: rotation, calibration: calibration)
    }

    @Test func scalesNormalisedCoordinatesToTheMode() {
        let location = transform(.none).uiLocation(normalizedX: 0.5, normalizedY: 0.25)
        #expect(location == TouchLocation(x: 640, y: 200))
    }

    @Test func uiSizeSwapsAtQuarterTurns() {
        #expect(transform(.none).uiWidth == 1280 && transform(.none).uiHeight == 800)
        #expect(transform(.quarter).uiWidth == 800 && transform(.quarter).uiHeight == 1280)
        #expect(transform(.half).uiWidth == 1280 && transform(.half).uiHeight == 800)
        #expect(transform(.threeQuarters).uiWidth == 800 && transform(.threeQuarters).uiHeight == 1280)
    }

    /// At 90 the UI's top edge lies along the panel's right edge: the panel's top-right
    /// corner is the UI's origin, the panel's bottom-right is the UI's top-right.
    @Test func quarterTurnPutsTheUITopAlongThePanelRight() {
        let t = transform(.quarter)
        #expect(t.uiLocation(panelX: 1280, panelY: 0) == TouchLocation(x: 0, y: 0))
        #expect(t.uiLocation(panelX: 1280, panelY: 800) == TouchLocation(x: 800, y: 0))
        #expect(t.uiLocation(panelX: 0, panelY: 0) == TouchLocation(x: 0, y: 1280))
        #expect(t.uiLocation(panelX: 1000, panelY: 100) == TouchLocation(x: 100, y: 280))
    }

    @Test func halfTurnMirrorsBothAxes() {
        #expect(transform(.half).uiLocation(panelX: 100, panelY: 50) == TouchLocation(x: 1180, y: 750))
    }

    @Test func threeQuarterTurnPutsTheUITopAlongThePanelLeft() {
        let t = transform(.threeQuarters)
        #expect(t.uiLocation(panelX: 0, panelY: 800) == TouchLocation(x: 0, y: 0))
        #expect(t.uiLocation(panelX: 0, panelY: 0) == TouchLocation(x: 800, y: 0))
        #expect(t.uiLocation(panelX: 100, panelY: 700) == TouchLocation(x: 100, y: 100))
    }

    @Test(arguments: ScreenRotation.allCases)
    func panelLocationInvertsUILocation(rotation: ScreenRotation) {
        let t = transform(rotation)
        for point in [TouchLocation(x: 0, y: 0), TouchLocation(x: 123, y: 456), TouchLocation(x: 799, y: 1)] {
            let panel = t.panelLocation(point)
            #expect(t.uiLocation(panelX: panel.x, panelY: panel.y) == point)
        }
    }

    @Test func calibrationAppliesToNormalisedCoordinatesBeforeScaling() throws {
        // Shrinks the touch area to the middle half and shifts it: x' = 0.5x + 0.25.
        let matrix = try CalibrationMatrix([0.5, 0, 0.25, 0, 0.5, 0.25])
        let location = transform(.none, matrix).uiLocation(normalizedX: 1, normalizedY: 0)
        #expect(location == TouchLocation(x: 960, y: 200))
    }

    @Test func calibrationCanSwapAxesOfAPanelMountedTheOtherWay() throws {
        let swap = try CalibrationMatrix([0, 1, 0, 1, 0, 0])
        let location = transform(.none, swap).uiLocation(normalizedX: 0.25, normalizedY: 0.5)
        #expect(location == TouchLocation(x: 640, y: 200))
    }

    @Test func calibrationRunsBeforeRotation() throws {
        let invertX = try CalibrationMatrix([-1, 0, 1, 0, 1, 0])
        // Device x 0.25 → calibrated 0.75 → panel 960 → UI y = 1280 - 960.
        let location = transform(.quarter, invertX).uiLocation(normalizedX: 0.25, normalizedY: 0.5)
        #expect(location == TouchLocation(x: 400, y: 320))
    }

    @Test func calibrationRejectsAWrongCount() {
        #expect(throws: InputError.self) { try CalibrationMatrix([1, 0, 0, 0, 1]) }
        #expect(throws: InputError.self) { try CalibrationMatrix([1, 0, 0, 0, 1, .nan]) }
    }

    @Test func rotationAcceptsOnlyQuarterTurns() {
        #expect(ScreenRotation(degrees: 270) == .threeQuarters)
        #expect(ScreenRotation(degrees: 45) == nil)
    }
}

@Suite struct CalibrationParsingTests {
    @Test func parsesSpaceOrCommaSeparatedValues() throws {
        #expect(try CalibrationMatrix(parsing: "0 1 0 -1 0 1").values == [0, 1, 0, -1, 0, 1])
        #expect(try CalibrationMatrix(parsing: "1.5,0,0, 0,1,0").values == [1.5, 0, 0, 0, 1, 0])
    }

    @Test func namesTheBadValue() {
        do {
            _ = try CalibrationMatrix(parsing: "1 0 zero 0 1 0")
            Issue.record("accepted a word")
        } catch {
            #expect("\(error)".contains("'zero' is not a number"))
        }
        #expect(throws: InputError.self) { try CalibrationMatrix(parsing: "1 0 0") }
    }
}
