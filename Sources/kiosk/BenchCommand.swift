import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
import KioskBench
import KioskGraphics
import KioskRuntime
import KioskText
import KioskViews

/// `kiosk bench`: draws the reference scene straight with KioskGraphics and prints one line
/// per case, with a memset of the same frame as the yardstick.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the reference scene (full frames and pressed-button redraws) against a memset, the gesture engine, the UI layer, text, a touch to the start of its speech, scrolling, and a watched screen file's reload."
    )

    enum Case: String, ExpressibleByArgument, CaseIterable {
        case reference, gestures, ui, text, speech, scroll, reload
    }

    @Option(help: "Run only this case (\(Case.allCases.map(\.rawValue).joined(separator: ", "))).")
    var only: Case?

    @Option(help: "Write the last frame of each case as PNG into this directory.")
    var out: String?

    @Option(help: "Timed frames per case.")
    var frames = 300

    @Option(help: "Warm-up frames per case.")
    var warmUp = 20

    @Flag(help: "Draw the reference scene without its labels (graphics alone, no text).")
    var noLabels = false

    @Option(name: .customLong("resolution"), help: "Only this size, as WIDTHxHEIGHT (repeatable); default 800x480, 1280x800 and 1920x1080.")
    var resolutions: [String] = []

    static let defaultResolutions = [(800, 480), (1280, 800), (1920, 1080)]

    /// The sizes to run, parsed from `--resolution`.
    func sizes() throws -> [(Int, Int)] {
        guard !resolutions.isEmpty else { return Self.defaultResolutions }
        return try resolutions.map { text in
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                throw ValidationError("--resolution must look like 1280x800, got \"\(text)\"")
            }
            return (parts[0], parts[1])
        }
    }

    func validate() throws {
        guard frames > 0 else { throw ValidationError("--frames must be positive, got \(frames)") }
        guard warmUp >= 0 else { throw ValidationError("--warm-up must not be negative, got \(warmUp)") }
        _ = try sizes()
    }

    func run() throws {
        if only == nil || only == .reference { try runReference() }
        if only == nil || only == .gestures { runGestures() }
        if only == nil || only == .ui { try runUI() }
        if only == nil || only == .text { try runText() }
        if only == nil || only == .speech { try runSpeech() }
        if only == nil || only == .scroll { try runScroll() }
        if only == nil || only == .reload { try runReload() }
    }

    /// Touch events through an engine with 50 buttons and every recognizer, against reading
    /// the same events; one timed "frame" is the whole stream.
    func runGestures() {
        let scene = GestureScene(interactions: 2_000)
        let bench = Benchmark(warmUpFrames: min(warmUp, 3), timedFrames: max(1, min(frames, 30)))
        var outputs = 0
        let result = bench.run { outputs = scene.run() }
        var sink = 0.0
        let reference = bench.run { sink += scene.readEvents() }
        let eventsPerSecond = Double(scene.eventCount) / (result.median / 1000)
        let referencePerSecond = Double(scene.eventCount) / (reference.median / 1000)
        print("scene=gestures buttons=\(GestureScene.buttonCount) events=\(scene.eventCount) outputs=\(outputs) median_ms=\(Self.ms(result.median)) events_per_s=\(Int(eventsPerSecond)) read_events_per_s=\(Int(referencePerSecond)) ratio=\(String(cFormat: "%.1f", referencePerSecond / eventsPerSecond))")
        // Keeps the yardstick's reads from being optimized away.
        if sink.isNaN { print("unexpected NaN in the event stream") }
    }

    /// The scene's labels: "Button N" in DejaVu Sans Bold 24, white, centred in the button.
    /// Each string is laid out once (as a view keeps its layout); every frame draws its
    /// glyphs from the glyph cache. Nil when the fonts are missing.
    static func labels() -> ((Canvas, String, Rect) -> Void)? {
        let library: FontLibrary
        do {
            library = try FontLibrary()
        } catch {
            StandardStream.error.write("kiosk bench: drawing the scene without labels: \(error)\n")
            return nil
        }
        var layouts: [String: TextLayout] = [:]
        return { canvas, string, rect in
            guard let layout = layouts[string] ?? (try? library.layout(labelText(string), alignment: .center)) else { return }
            layouts[string] = layout
            layout.draw(on: canvas, in: rect)
        }
    }

    static func labelText(_ string: String) -> RichText {
        RichText(string, style: TextStyle(size: 24, weight: .bold, color: .white))
    }

    func runReference() throws {
        if let out { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) }
        let bench = Benchmark(warmUpFrames: warmUp, timedFrames: frames)
        let labels = noLabels ? nil : Self.labels()
        for (width, height) in try sizes() {
            let canvas = try Canvas(width: width, height: height, format: .xrgb8888)
            let bytes = canvas.pitch * canvas.height
            let memsetResult = bench.run { memset(canvas.baseAddress, 0xF2, bytes) }
            print("scene=memset res=\(width)x\(height) median_ms=\(Self.ms(memsetResult.median)) p95_ms=\(Self.ms(memsetResult.p95)) frames=\(memsetResult.frames)")
            for shadows in [true, false] {
                let scene = ReferenceScene(width: width, height: height, shadows: shadows, label: labels)
                for kind in ["full", "pressed"] {
                    scene.drawFull(on: canvas)
                    let result = kind == "full"
                        ? bench.run { scene.drawFull(on: canvas) }
                        : bench.run { scene.drawPressed(on: canvas) }
                    print("scene=reference kind=\(kind) res=\(width)x\(height) shadow=\(shadows ? 1 : 0) median_ms=\(Self.ms(result.median)) p95_ms=\(Self.ms(result.p95)) frames=\(result.frames)")
                    if let out {
                        let path = "\(out)/reference-\(kind)-\(width)x\(height)-shadow\(shadows ? 1 : 0).png"
                        try canvas.writePNG(to: path)
                    }
                }
            }
        }
        if let out { print("wrote PNGs to \(out)") }
    }

    static func ms(_ value: Double) -> String { String(cFormat: "%.4f", value) }
}
