import ArgumentParser
import Foundation
import KioskBoardProfiles
import KioskDisplay
import KioskGestures
import KioskInput
import KioskRuntime
import KioskUI
#if canImport(Glibc)
import Glibc
#endif

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

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup(title: "Input")
    var input: InputOptions

    @OptionGroup(title: "Operations")
    var operations: OperationsOptions

    @Option(help: "Where headless runs write their PNGs (default out/NAME for NAME.toml, out/demo for the built-in demo).")
    var out: String?

    @Option(help: "The UI size, WxH, when headless (default: the file's [display] size, else 1280x800).")
    var size: PanelSize?

    @Option(help: "A board profile: a name (board/profiles/NAME.toml, /etc/kiosk/boards/) or a path; default /etc/kiosk/board.toml when present. Flags and the screen file override it.")
    var board: String?

    @Flag(help: "Show the panel test pattern instead (colour bars, corner mark, a dot under each finger).")
    var testPattern = false

    @OptionGroup(title: "Language")
    var language: LanguageOption

    @OptionGroup(title: "Text size and contrast")
    var readability: ReadabilityOptions

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    func run() throws {
        let processStart = processStartMicroseconds()
        try reportingFailures {
            // The profile's font directory is set before the fonts are loaded for the screen.
            let profile = try boardProfile()
            if let fonts = profile?.fontDirectory { setenv("KIOSK_FONTS", fonts, 0) }
            let source = try ScreenSource(path: screenFile, fonts: fonts)
            let file = source.file?.display
            let flags = KioskSettings.Flags(display: display, input: input, operations: operations,
                                            size: size.map { ($0.width, $0.height) })
            let settings = KioskSettings.resolve(flags: flags, screen: file, board: profile)
            let configuration = try display.configuration(settings: settings, input: try input.configuration())
            let (screen, hotplug) = try deviceErrors { try KioskLauncher.openDisplay(configuration, report: report) }
            if screen is HeadlessDisplay, !testPattern, input.touchScript == nil, operations.control == nil {
                try renderScreens(source, profile: profile)
                return
            }
            let ops = KioskOperations(options: operations, report: report, output: writeLine)
            var hostScene: HostScene?
            let exit = try deviceErrors {
                try KioskLauncher.run(configuration, display: screen, hotplug: hotplug, report: report, makeScene: { size, input in
                    if testPattern { return TestPatternScene(size: size) }
                    let host = try source.makeHost(size: PanelSize(width: Int(size.width), height: Int(size.height)), screen: nil,
                                                   language: language, readability: readability,
                                                   profile: profile?.accessibility, overrides: ops.overrides, values: ops.values, run: ops.run)
                    // A script's times count from its start; the event log's do too.
                    let start = input?.scriptStart ?? MonotonicClock.now()
                    let end = try self.input.touchScript.map { try ScreenSource.script(at: $0).endTime + start }
                    let scene = HostScene(host: host, start: start, end: end, log: ops.log)
                    hostScene = scene
                    return ops.blanking(scene, display: screen, settings: settings, now: MonotonicClock.now(), invalidate: host.invalidate)
                }, prepare: { loop in
                    do {
                        try ops.attach(to: loop, scene: hostScene, buttons: source.buttonIDs)
                    } catch {
                        throw ValidationFailure("\(error)")
                    }
                }, finished: { summarize($0, processStart: processStart) })
            }
            if case .signal(let number) = exit { report("stopped by signal \(number)") }
            if let headless = screen as? HeadlessDisplay {
                try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
                try headless.writePNG(to: "\(outDirectory)/last.png")
                report("wrote \(outDirectory)/last.png")
            }
        }
    }

    /// `--out`, else out/ and the screen file's name without its extension (`coffee.toml`
    /// → out/coffee), so runs of different files never mix their PNGs.
    private var outDirectory: String {
        if let out { return out }
        guard let screenFile else { return "out/demo" }
        let name = ((screenFile as NSString).lastPathComponent as NSString).deletingPathExtension
        return "out/" + (name.isEmpty ? "screen" : name)
    }

    /// `--board`, else /etc/kiosk/board.toml when the board has one, else none.
    private func boardProfile() throws -> BoardProfile? {
        do {
            return try BoardProfile.selected(board)
        } catch {
            throw ValidationFailure("board profile: \(error)")
        }
    }

    /// The headless path without input: every screen rendered once, as PNG.
    private func renderScreens(_ source: ScreenSource, profile: BoardProfile?) throws {
        let host = try source.makeHost(size: size, screen: nil, language: language, readability: readability,
                                       profile: profile?.accessibility)
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

    /// Display, console, input and system-call errors already say what to do: one line, no usage text.
    private func deviceErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DisplayError {
            throw ValidationFailure("\(error)")
        } catch let error as InputError {
            throw ValidationFailure("\(error)")
        } catch let error as SystemError {
            throw ValidationFailure("\(error)")
        }
    }

    private func report(_ line: String) { printError(line) }

    /// Unbuffered, so a reader of a pipe or file sees each event as it happens.
    private func writeLine(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// One line per measure on stderr, for benchmarks and the board's tests.
    private func summarize(_ loop: RunLoopScheduler, processStart: Int64?) {
        let samples = loop.latencies.recent
        if !samples.isEmpty {
            let ms = samples.map { Double($0.microseconds) / 1000 }.sorted()
            let frames = samples.map(\.frames).sorted()
            let window = samples.count < loop.latencies.total ? " (the latest \(samples.count))" : ""
            report("touch-to-flip: \(loop.latencies.total) samples\(window), "
                   + String(format: "median %.1f ms, max %.1f ms; flips median %d, max %d",
                            ms[ms.count / 2], ms.last!, frames[frames.count / 2], frames.last!))
        }
        if let processStart, let first = loop.firstShownTime {
            report(String(format: "start-up: first frame on screen %.1f ms after process start",
                          Double(first - processStart) / 1000))
        }
        if let firstFrame = loop.display.firstFrameDescription {
            report("first frame: " + firstFrame)
        }
        report("wake-ups: \(loop.wakeUps)")
    }

    /// When this process started, on CLOCK_MONOTONIC µs (/proc/self/stat counts clock ticks
    /// since boot, as CLOCK_MONOTONIC counts from boot).
    private func processStartMicroseconds() -> Int64? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Int64(fields[19]) else { return nil }
        return ticks * 1_000_000 / Int64(sysconf(Int32(_SC_CLK_TCK)))
    }
}
