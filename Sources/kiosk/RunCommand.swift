import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskBoardProfiles
import KioskCommandLine
import KioskRuntime
import KioskViews

/// `kiosk run`: shows a screen file, or the built-in demo when none is given, on the panel
/// (DRM/KMS) with touch from libinput, the event log on stdout and messages on stderr. On
/// exit it reports touch-to-flip latency, wake-ups and start-up time. With no usable card
/// (or `--display headless`) it plays `--touch-script` on a headless display in real time,
/// or serves `--control` until stopped, or else renders each screen headless and writes
/// PNGs, printing where.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run a screen file or the built-in demo on the panel, or headless.")

    @Argument(help: "The screen file (*.toml); none shows the built-in demo.")
    var screenFile: String?

    @OptionGroup
    var launch: LaunchOptions

    @Option(help: "Where headless runs write their PNGs (default out/NAME for NAME.toml, out/demo for the built-in demo).")
    var out: String?

    @Option(help: "The UI size, WxH, when headless or in a window (default: the file's [display] size, else 1280x800).")
    var size: PanelSize?

    @Flag(help: "Show the panel test pattern instead (colour bars, corner mark, a dot under each finger).")
    var testPattern = false

    @Flag(help: "Reload when the screen file, its icons or its images change; a broken save keeps the last good UI, its error shown over it.")
    var watch = false

    @OptionGroup(title: "Language")
    var language: LanguageOption

    @OptionGroup(title: "Text size and contrast")
    var readability: ReadabilityOptions

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    func validate() throws {
        if watch, screenFile == nil { throw ValidationError("--watch follows a screen file: give one (kiosk run FILE.toml --watch)") }
        if watch, testPattern { throw ValidationError("--watch follows a screen file; the test pattern has none") }
    }

    func run() throws {
        try reportingFailures {
            // The profile's font directory is set before the fonts are loaded for the screen.
            let profile = try launch.boardProfile()
            let source = try ScreenSource(path: screenFile, fonts: fonts)
            let settings = try launch.settings(size: size, screen: source.file?.display, board: profile)
            let content: KioskContent
            if testPattern {
                content = .scene(TestPatternScene.init(size:))
            } else if watch, let screenFile {
                content = .watched(files(source, profile: profile)) {
                    files(try ScreenSource(reading: screenFile, textEngine: source.textEngine, fonts: fonts), profile: profile)
                }
            } else {
                content = .host(buttons: source.buttonIDs) { size, ops in try host(source, size: size, ops: ops, profile: profile) }
            }
            let headless = HeadlessOutput(renderAlone: { try renderScreens(source, profile: profile) }, lastFrame: { display in
                try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
                try display.writePNG(to: "\(outDirectory)/last.png")
                printError("wrote \(outDirectory)/last.png")
            })
            try KioskLauncher.launch(settings: settings, content: content, headless: headless, report: printError, output: writeLine)
        }
    }

    private func host(_ source: ScreenSource, size: Size, ops: KioskOperations, profile: BoardProfile?,
                      resuming: String? = nil) throws -> UIHost {
        try source.makeHost(size: PanelSize(width: Int(size.width), height: Int(size.height)), screen: nil,
                            language: language, readability: readability,
                            profile: profile, overrides: ops.overrides, values: ops.values, run: ops.run, resuming: resuming)
    }

    /// The screen file as `--watch` follows it.
    private func files(_ source: ScreenSource, profile: BoardProfile?) -> HostFiles {
        HostFiles(paths: source.file?.files ?? [], buttons: source.buttonIDs) { size, ops, screen in
            try host(source, size: size, ops: ops, profile: profile, resuming: screen)
        }
    }

    /// `--out`, else out/ and the screen file's name without its extension (`coffee.toml`
    /// → out/coffee), so runs of different files never mix their PNGs.
    private var outDirectory: String {
        if let out { return out }
        guard let screenFile else { return "out/demo" }
        let name = PathComponents.deletingExtension(of: PathComponents.lastComponent(of: screenFile))
        return "out/" + (name.isEmpty ? "screen" : name)
    }

    /// The headless path without input: every screen rendered once, as PNG.
    private func renderScreens(_ source: ScreenSource, profile: BoardProfile?) throws {
        let host = try source.makeHost(size: size, screen: nil, language: language, readability: readability,
                                       profile: profile)
        try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
        let canvas = try Canvas(width: Int(host.size.width), height: Int(host.size.height))
        print("no display: rendering \(screenFile ?? "the built-in demo") headless")
        for screen in host.screens.map(\.id) {
            // Each screen as it looks shown first, not mid-way through the slide from the last.
            host.invalidateDrawing()
            host.show(screen: screen)
            host.render(into: canvas)
            let path = "\(outDirectory)/\(screen).png"
            try canvas.writePNG(to: path)
            print("wrote \(path)")
        }
    }
}
