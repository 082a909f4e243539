import Foundation
import KioskBoardProfiles
import KioskGestures
import KioskGraphics
import KioskInput
import KioskRuntime
import KioskViews
import Testing

@Suite("Touch calibration")
struct CalibrationTests {
    /// A touchscreen that needs `needed`: a finger on UI point p is reported where the
    /// inverse matrix puts it.
    func reported(_ p: Point, needs needed: CalibrationMatrix, _ transform: TouchTransform) throws -> TouchLocation {
        let inverse = try #require(needed.inverse)
        let panel = transform.panelLocation(TouchLocation(x: p.x, y: p.y))
        let raw = inverse.apply(x: panel.x / transform.panelWidth, y: panel.y / transform.panelHeight)
        return transform.uiLocation(panelX: raw.x * transform.panelWidth, panelY: raw.y * transform.panelHeight)
    }

    @Test("The scene recovers a skewed, axis-swapped touchscreen's matrix; the centre lands within 2 px",
          arguments: [ScreenRotation.none, .quarter])
    func scene(rotation: ScreenRotation) throws {
        let needed = try CalibrationMatrix([0.04, 1.07, -0.05, 0.96, -0.03, 0.02])
        let transform = TouchTransform(panelWidth: 1280, panelHeight: 800, rotation: rotation)
        let size = Size(width: transform.uiWidth, height: transform.uiHeight)
        let scene = CalibrationScene(size: size, transform: transform, textEngine: try KioskTextEngine(), autoAccept: false)
        var t: Microseconds = 0
        for target in scene.targets {
            let at = try reported(target, needs: needed, transform)
            scene.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .down, location: at, timestamp: t)], timestamp: t))
            scene.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .up, location: at, timestamp: t + 50_000)], timestamp: t + 50_000))
            t += 500_000
        }
        let result = try #require(scene.result)
        for (got, want) in zip(result.values, needed.values) { #expect(abs(got - want) < 1e-6, "\(result.values)") }
        #expect(try #require(scene.verifyError) < 2)
        #expect(scene.isRunning)
        let canvas = try Canvas(width: Int(size.width), height: Int(size.height))
        #expect(!scene.render(into: canvas).isEmpty)
        scene.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .down, location: TouchLocation(x: 5, y: 5), timestamp: t)], timestamp: t))
        #expect(!scene.isRunning)
    }

    @Test("The matrix replaces the profile's calibration; the rest of the file stays, and it loads")
    func profile() throws {
        let matrix = try CalibrationMatrix([0, 1, 0, 1, 0, 0])
        #expect(CalibrationProfile.updating("", with: matrix) == "calibration = [0, 1, 0, 1, 0, 0]\n")
        let before = "# panel\nconnector = \"Virtual-1\"\ncalibration = [1, 0, 0, 0, 1, 0]\nrotation = 0\n"
        let after = CalibrationProfile.updating(before, with: matrix)
        #expect(after == "# panel\nconnector = \"Virtual-1\"\ncalibration = [0, 1, 0, 1, 0, 0]\nrotation = 0\n")
        #expect(try BoardProfile(parsing: after, path: "p.toml").calibration == [0, 1, 0, 1, 0, 0])
        let skewed = try CalibrationMatrix([0.040198, 1.070785, -0.050758, 0.959938, -0.029646, 0.019894])
        #expect(try BoardProfile(parsing: CalibrationProfile.updating("mode = \"1280x800\"\n", with: skewed), path: "p.toml").calibration
                == skewed.values)
        #expect(CalibrationProfile.updating("connector = \"DSI-1\"\r\ncalibration = [1, 0, 0, 0, 1, 0]\r\n[extra]\r\n", with: matrix)
                == "connector = \"DSI-1\"\r\ncalibration = [0, 1, 0, 1, 0, 0]\r\n[extra]\r\n", "a CRLF profile stays CRLF")
    }

    @Test("A profile that cannot be written is an error naming the file and the reason")
    func unwritableProfile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-calibration-\(getpid())").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("a file, not a directory\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let path = file + "/board.toml"
        let matrix = try CalibrationMatrix([1, 0, 0, 0, 1, 0])
        do {
            try CalibrationProfile.write(matrix, to: path)
            Issue.record("wrote \(path) below a plain file")
        } catch {
            #expect(error.description.hasPrefix("cannot write \(path): "))
            #expect(!error.description.contains("Domain="))
        }
    }
}
