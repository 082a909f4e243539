import ArgumentParser
import Foundation
import KioskDisplay
import KioskInput
import KioskRuntime
import KioskUI

/// `kiosk calibrate`: targets near the four corners and the centre on the panel; the
/// touches give libinput's calibration matrix, printed as `calibration: a b c d e f` and,
/// with `--board`, written into that board profile's `[touch] calibration`.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate", abstract: "Calibrate the touchscreen: touch the targets, get libinput's matrix.")

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup(title: "Input")
    var input: InputOptions

    @Option(help: "Write the matrix into this board's profile (<profiles>/NAME.toml).")
    var board: String?

    @Option(help: "The board profiles' directory.")
    var profiles = "board/profiles"

    @Flag(help: "Accept the result without the confirming touch (scripts, tests).")
    var yes = false

    func run() throws {
        let report = { (line: String) in FileHandle.standardError.write(Data("kiosk: \(line)\n".utf8)) }
        let configuration = try display.configuration(input: try input.configuration())
        let (screen, hotplug) = try KioskLauncher.openDisplay(configuration, report: report)
        var scene: CalibrationScene?
        _ = try KioskLauncher.run(configuration, display: screen, hotplug: hotplug, report: report) { size, _ in
            let swaps = configuration.rotation.swapsAxes
            let transform = configuration.input.transform(panelWidth: Int(swaps ? size.height : size.width),
                                                          panelHeight: Int(swaps ? size.width : size.height),
                                                          rotation: configuration.rotation)
            let made = CalibrationScene(size: size, transform: transform, textEngine: try KioskTextEngine(), autoAccept: yes)
            made.report = report
            scene = made
            return made
        }
        guard let scene, let matrix = scene.result, !scene.isRunning else {
            throw ValidationFailure("calibration not finished: no matrix")
        }
        print("calibration: \(matrix.text)")
        if let error = scene.verifyError { print(String(format: "centre error: %.1f px", error)) }
        if let board {
            let path = "\(profiles)/\(board).toml"
            try CalibrationProfile.write(matrix, to: path)
            print("wrote \(path)")
        }
    }
}
