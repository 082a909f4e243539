import ArgumentParser
import KioskBoardProfiles
import KioskRuntime
import KioskScreenFiles
import KioskUI

/// `kiosk snapshot`: renders a screen file headless into a PNG, optionally after playing
/// touches up to a time (a pressed state mid-press).
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "Render a screen file to a PNG.")

    @Argument(help: "The screen file (*.toml).")
    var screenFile: String

    @Option(help: "The PNG to write.")
    var out: String

    @Option(help: "The UI size, WxH (default: the file's [display] size, else 1280x800).")
    var size: PanelSize?

    @Option(help: "The screen to show (default: the first).")
    var screen: String?

    @Option(help: "A touch script to play first.")
    var touches: String?

    @Option(help: "Milliseconds into the touch script to capture (default: its end).")
    var at: Int?

    @OptionGroup(title: "Language") var language: LanguageOption

    @OptionGroup(title: "Text size and contrast") var readability: ReadabilityOptions

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    func run() throws {
        try reportingFailures {
            let host = try ScreenSource(path: screenFile, fonts: fonts).makeHost(size: size, screen: screen, language: language, readability: readability)
            let simulation = try Simulation(host: host)
            let script = try touches.map(ScreenSource.script(at:)) ?? TouchScript(frames: [], endTime: 0)
            try simulation.play(script, until: at.map { Microseconds($0) * 1000 })
            try simulation.canvas.writePNG(to: out)
        }
    }
}

/// Prints a failure of a file, a flag or a device as one line on stderr and exits with
/// status 1 (each says what is wrong already).
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch where error is ScreenFileError || error is BoardProfileError || error is ValidationFailure || error is LaunchError {
        printError("\(error)")
        throw ExitCode.failure
    }
}

func printError(_ message: String) {
    var stderr = StandardError()
    print("kiosk: \(message)", to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandleWriter.write(string)
    }
}
