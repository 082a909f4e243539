import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
import KioskBoardProfiles
import KioskCommandLine
import KioskDisplay
import KioskInput
import KioskRuntime
import KioskViews

/// `kiosk calibrate`: targets near the four corners and the centre on the panel; the
/// touches give libinput's calibration matrix, printed as `calibration: a b c d e f` and,
/// with `--board`, written into that board profile's `calibration` (the profile's panel
/// settings and its old matrix are used while calibrating; the new one replaces it).
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate", abstract: "Calibrate the touchscreen: touch the targets, get libinput's matrix.")

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup(title: "Input")
    var input: InputOptions

    @Option(help: "The board profile to calibrate and write the matrix into: a name (/etc/kiosk/boards/, board/profiles/) or a path.")
    var board: String?

    @Flag(help: "Accept the result without the confirming touch (scripts, tests).")
    var yes = false

    func run() throws {
        let report = { (line: String) in printError(line) }
        let profile = try board.map { name in
            do {
                return try BoardProfile.resolve(name)
            } catch {
                throw ValidationFailure("board profile: \(error)")
            }
        }
        let configuration = try LaunchFlags.settings(display: display, input: input, operations: try OperationsOptions.parse([]),
                                                     screen: nil, board: profile).configuration
        let (screen, hotplug) = try KioskLauncher.openDisplay(configuration, report: report)
        var scene: CalibrationScene?
        let exit = try KioskLauncher.run(configuration, display: screen, hotplug: hotplug, report: report) { size, source in
            let swaps = configuration.rotation.swapsAxes
            let transform = configuration.input.transform(panelWidth: Int(swaps ? size.height : size.width),
                                                          panelHeight: Int(swaps ? size.width : size.height),
                                                          rotation: configuration.rotation)
            let made = CalibrationScene(size: size, transform: transform, textEngine: try KioskTextEngine(), autoAccept: yes)
            made.report = report
            if let start = source?.scriptStart, let path = input.touchScript {
                made.end = start + (try TouchScript(file: path)).endTime
            }
            scene = made
            return made
        }
        guard let scene, scene.isAccepted, let matrix = scene.result else {
            let touched = scene?.targetsTouched ?? 0
            let total = scene?.targets.count ?? 5
            let why = if case .signal(let number) = exit { "stopped by signal \(number)" } else { "the touch script ended" }
            if touched == total {
                throw ValidationFailure("calibration not accepted: \(why) before the confirming touch (--yes accepts without it)")
            }
            throw ValidationFailure("calibration not finished: \(why) after \(touched) of \(total) targets")
        }
        print("calibration: \(matrix.text)")
        if let error = scene.verifyError { print(String(cFormat: "centre error: %.1f px", error)) }
        if let profile {
            try CalibrationProfile.write(matrix, to: profile.path)
            print("wrote \(profile.path)")
        }
    }
}
