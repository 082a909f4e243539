import ArgumentParser
import KioskCommandLine
import KioskRuntime
import KioskScreenFiles
import KioskViews

/// `kiosk snapshot`: renders a screen file headless into a PNG, optionally after playing
/// touches up to a time (a pressed state mid-press).
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snapshot", abstract: "Render a screen file to a PNG.")

    @Argument(help: "The screen file (*.toml).")
    var screenFile: String

    @Option(help: "The UI size, WxH (default: the file's [display] size, else 1280x800).")
    var size: PanelSize?

    @Option(help: "The screen to show (default: the first).")
    var screen: String?

    @OptionGroup
    var snapshot: SnapshotOptions

    @OptionGroup(title: "Language") var language: LanguageOption

    @OptionGroup(title: "Text size and contrast") var readability: ReadabilityOptions

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    func run() throws {
        try reportingFailures {
            let host = try ScreenSource(path: screenFile, fonts: fonts).makeHost(size: size, screen: screen, language: language, readability: readability)
            try snapshot.capture(host)
        }
    }
}
