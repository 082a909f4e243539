import ArgumentParser
import KioskCommandLine
import KioskRuntime
import KioskViews

/// `kiosk simulate`: plays a touch script on a virtual clock and prints the event log
/// (JSON lines) on stdout; with `--frames` it writes a PNG for each frame that changed.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "simulate",
                                                    abstract: "Play a touch script against a screen file; print the event log.")

    @Argument(help: "The screen file (*.toml).")
    var screenFile: String

    @OptionGroup
    var simulate: SimulateOptions

    @Option(help: "The UI size, WxH (default: the file's [display] size, else 1280x800).")
    var size: PanelSize?

    @OptionGroup(title: "Language") var language: LanguageOption

    @Option(help: "standard, or explore: the screen reader's explore by touch (its speech is logged as speak events).")
    var accessibility: AccessibilityMode = .standard

    @OptionGroup(title: "Text size and contrast") var readability: ReadabilityOptions

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    func run() throws {
        try reportingFailures {
            let script = try simulate.script()
            let host = try ScreenSource(path: screenFile, fonts: fonts).makeHost(size: size, screen: nil, language: language,
                                                                                 readability: readability)
            host.accessibilityMode = accessibility
            try simulate.play(script, on: host)
        }
    }
}
