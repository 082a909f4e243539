import ArgumentParser
import KioskCore
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

    @Flag(help: "Write the PNG again on each save of the screen file, its icons or its images, until SIGINT or SIGTERM; a save that cannot be read is reported on stderr and the PNG kept.")
    var watch = false

    func run() throws {
        try reportingFailures {
            guard watch else {
                try capture(ScreenSource(path: screenFile, fonts: fonts))
                return
            }
            try watchFiles()
        }
    }

    private func capture(_ source: ScreenSource) throws {
        let host = try source.makeHost(size: size, screen: screen, language: language, readability: readability)
        try snapshot.capture(host)
    }

    /// Snapshots now and after each change, each from the files read afresh: the PNG is
    /// what a cold `snapshot` writes.
    private func watchFiles() throws {
        let textEngine = try ScreenSource.textEngine(fonts)
        var paths = [screenFile]
        func write() {
            do {
                let source = try ScreenSource(reading: screenFile, textEngine: textEngine, fonts: fonts)
                paths = source.file?.files ?? paths
                try capture(source)
                printError("wrote \(snapshot.out)")
            } catch {
                printError("not written: \(error)")
            }
        }
        write()
        var followAgain: () -> Void = {}
        let watch = try FileWatch(clock: MonotonicClock()) {
            write()
            // Icons added by the save are followed from now on.
            followAgain()
        }
        followAgain = { [unowned watch] in watch.follow(paths) }
        followAgain()
        printError("watching \(paths.joined(separator: ", ")) (stop with Ctrl-C)")
        printError("stopped by signal \(try FileWatchLoop.run(watch))")
    }
}
