import KioskGestures
import Testing
@testable import KioskInput

@Suite struct InputConfigurationTests {
    @Test func transformCarriesModeRotationAndCalibration() throws {
        let matrix = try CalibrationMatrix(parsing: "-1 0 1 0 1 0")
        let configuration = InputConfiguration(calibration: matrix)
        let transform = configuration.transform(panelWidth: 1280, panelHeight: 800, rotation: .quarter)
        #expect(transform == TouchTransform(panelWidth: 1280, panelHeight: 800, rotation: .quarter, calibration: matrix))
    }

    @Test func aScriptBecomesAScriptSourceAndNoneNoSource() throws {
        let script = try TouchScript(parsing: "0 down 0 1 1\n10 up 0\n")
        let source = try InputConfiguration(origin: .script(script)).makeSource(panelWidth: 10, panelHeight: 10, rotation: .none)
        #expect(source is ScriptInputSource)
        #expect(try InputConfiguration(origin: .none).makeSource(panelWidth: 10, panelHeight: 10, rotation: .none) == nil)
    }

    @Test func aMissingDeviceNodeIsAnErrorNamingIt() {
        do {
            _ = try InputConfiguration(origin: .paths(["/dev/input/event-missing"]))
                .makeSource(panelWidth: 10, panelHeight: 10, rotation: .none)
            Issue.record("opened a missing node")
        } catch {
            #expect("\(error)".contains("/dev/input/event-missing"))
        }
    }
}
