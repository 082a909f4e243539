import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
import KioskRuntime
import KioskViews

/// `APP previews --out DIR`: every preview compiled into the app (`#Preview` and
/// `PreviewProvider`, in its own target and the libraries it links) drawn headless to
/// `DIR/<name>.png`. Each is drawn by the executable run again with `--only NAME`, so a
/// preview that crashes is named in the error while the others are still drawn.
struct KioskAppPreviews: ParsableCommand, Sendable {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "previews", abstract: "Render this kiosk's previews to PNGs.")
    }

    @Option(help: "The directory to write <name>.png to (made when missing, not its parents).")
    var out: String?

    @Option(help: "The panel size, WxH; a preview's layout trait may set its own.")
    var size = PanelSize(width: 1280, height: 800)

    @Flag(help: "Print the previews' names, one a line, and render nothing.")
    var list = false

    @Option(help: "Render only the preview of this name, in this process.")
    var only: String?

    @OptionGroup(title: "Language")
    var language: LanguageOption

    func run() throws {
        // The command line runs on the main thread, the main actor's, as the kiosk's loop does.
        try reportingFailures { try MainActor.assumeIsolated { try renderPreviews() } }
    }

    @MainActor
    private func renderPreviews() throws {
        let previews = try PreviewDiscovery.previews()
        if list { return previews.forEach { writeLine($0.name) } }
        guard let out else { throw ValidationFailure("previews: --out DIR says where to write the PNGs") }
        if mkdir(out, 0o777) != 0 && errno != EEXIST { throw SystemError("cannot make \(out)") }
        if let only {
            guard let preview = previews.first(where: { $0.name == only })?.preview else {
                throw ValidationFailure("no preview is named \"\(only)\" (previews: \(previews.map(\.name).joined(separator: ", ")))")
            }
            let path = out + "/" + only + ".png"
            try render(preview, to: path)
            return writeLine(path)
        }
        var failures: [String] = []
        for (name, _) in previews {
            let status = try ChildProcess.runSelf(["previews", "--only", name, "--out", out, "--size", size.description]
                                                  + (language.language.map { ["--language", $0] } ?? []))
            if status != .exited(0) { failures.append("\(name) (\(status))") }
        }
        guard failures.isEmpty else {
            throw ValidationFailure("\(failures.count) of \(previews.count) previews failed: \(failures.joined(separator: ", "))")
        }
    }

    /// Draws `preview` at its size on the panel, as `snapshot` draws a screen.
    @MainActor
    private func render(_ preview: Preview, to path: String) throws {
        let textEngine = try KioskTextEngine()
        func host(_ size: Size) -> UIHost {
            let host = UIHost(size: size, screens: [Screen("preview") { preview.makeContent() }], textEngine: textEngine)
            if let locale = language.locale { host.locale = locale }
            return host
        }
        let fitted = preview.size(on: size.size, host: host)
        let pixels = PanelSize(width: max(1, Int(fitted.width.rounded(.up))), height: max(1, Int(fitted.height.rounded(.up))))
        if let problem = PixelLimits.problem(width: pixels.width, height: pixels.height) {
            throw ValidationFailure("preview \(preview.name ?? ""): \(problem)")
        }
        let simulation = try Simulation(host: host(pixels.size))
        try simulation.play(TouchScript(frames: [], endTime: 0))
        try simulation.canvas.writePNG(to: path)
    }
}
