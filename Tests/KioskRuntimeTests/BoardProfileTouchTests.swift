import Foundation
import KioskBoardProfiles
import KioskCommandLine
import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

/// Every shipped board profile, with its rotation and calibration as `kiosk run` applies
/// them: a finger on the panel where a button is drawn presses that button. The touch goes
/// in as the device reports it (normalised panel coordinates) through the same translator
/// libinput's events go through, so a calibration that turns touch a second time — on top
/// of the rotation — sends it to another button and fails here.
@MainActor
@Suite("Board profiles: a touch lands on the button drawn under it")
struct BoardProfileTouchTests {
    nonisolated static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("board/profiles").path
    nonisolated static let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0.hasSuffix(".toml") }.sorted()

    /// Six buttons in a 3x2 grid: every mirror or turn of the panel moves at least one of
    /// them onto another.
    static let screen = """
        [[screens]]
        id = "main"
        columns = 3
        spacing = 12
        padding = 12
        """ + (0..<6).map { "\n[[screens.buttons]]\nid = \"b\($0)\"\ntitle = \"\($0)\"\nstyle = \"borderedProminent\"\n" }.joined()

    /// A board without a mode in its profile gets the connector's preferred one; any size will do.
    static let defaultPanel = (width: 1280, height: 800)

    @Test func everyProfileIsChecked() {
        #expect(Self.names.count >= 4, "found \(Self.names) in \(Self.directory)")
    }

    @Test(arguments: names)
    func aTouchOnADrawnButtonPressesIt(name: String) throws {
        let profile = try BoardProfile.resolve("\(Self.directory)/\(name)")
        let display = try DisplayOptions.parse([])
        let input = try InputOptions.parse(["--no-input"])
        let settings = KioskSettings.resolve(flags: KioskSettings.Flags(display: display, input: input, operations: try OperationsOptions.parse([])),
                                             screen: nil, board: profile)
        let configuration = try display.configuration(settings: settings, input: try input.configuration())
        let panel = configuration.drm.mode.map { (width: $0.width, height: $0.height) } ?? Self.defaultPanel
        let rotation = configuration.rotation
        let transform = configuration.input.transform(panelWidth: panel.width, panelHeight: panel.height, rotation: rotation)
        let file = try ScreenFile(parsing: Self.screen, path: "grid.toml")
        let textEngine = try KioskTextEngine()

        let everything = try panelPicture(file, hiding: nil, panel: panel, rotation: rotation, textEngine: textEngine)
        for button in (0..<6).map({ "b\($0)" }) {
            let without = try panelPicture(file, hiding: button, panel: panel, rotation: rotation, textEngine: textEngine)
            let (x, y) = try #require(centreOfDifference(everything, without), "\(name): \(button) is not drawn")
            let pressed = tap(file, atPanelX: x, y: y, transform: transform, textEngine: textEngine)
            #expect(pressed == [button], "\(name) (rotation \(rotation.degrees)): a touch at panel (\(x), \(y)), where \(button) is drawn, triggered \(pressed)")
        }
    }

    /// The screen drawn at the profile's rotation, as the panel scans it out; `hiding` keeps
    /// that button's cell empty.
    func panelPicture(_ file: ScreenFile, hiding: String?, panel: (width: Int, height: Int), rotation: ScreenRotation,
                      textEngine: KioskTextEngine) throws -> Canvas {
        let ui = rotation.swapsAxes ? (width: panel.height, height: panel.width) : panel
        let display = try HeadlessDisplay(width: ui.width, height: ui.height, rotation: rotation)
        let overrides = ButtonOverrides()
        if let hiding { overrides.setHidden(true, for: hiding) }
        let host = file.makeHost(size: display.size, textEngine: textEngine, overrides: overrides) { _ in }
        display.present(damage: host.render(into: display.canvas))
        return display.frame
    }

    /// The centre of the bounding box of the pixels that differ: the hidden button's. Rows
    /// that are the same bytes are skipped; in the others only the outermost differences count.
    func centreOfDifference(_ a: Canvas, _ b: Canvas) -> (Double, Double)? {
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for y in 0..<a.height where memcmp(a.baseAddress + y * a.pitch, b.baseAddress + y * b.pitch, a.pitch) != 0 {
            let differs = { (x: Int) in a.argb(x: x, y: y) != b.argb(x: x, y: y) }
            guard let first = (0..<a.width).first(where: differs), let last = (0..<a.width).reversed().first(where: differs) else { continue }
            let old = box ?? (first, y, last, y)
            box = (min(old.x0, first), min(old.y0, y), max(old.x1, last), max(old.y1, y))
        }
        return box.map { (Double($0.x0 + $0.x1 + 1) / 2, Double($0.y0 + $0.y1 + 1) / 2) }
    }

    /// A tap at a panel pixel, reported as the touchscreen does (0...1 across the panel);
    /// the buttons it triggered.
    func tap(_ file: ScreenFile, atPanelX x: Double, y: Double, transform: TouchTransform,
             textEngine: KioskTextEngine) -> [String] {
        let host = file.makeHost(size: Size(width: transform.uiWidth, height: transform.uiHeight), textEngine: textEngine) { _ in }
        var translator = TouchTranslator(transform: transform)
        let (nx, ny) = (x / transform.panelWidth, y / transform.panelHeight)
        let frames = translator.translate([
            .touch(device: 1, slot: 0, phase: .down, x: nx, y: ny, time: 1_000_000),
            .touchFrame(device: 1, time: 1_000_000),
            .touch(device: 1, slot: 0, phase: .up, x: nil, y: nil, time: 1_080_000),
            .touchFrame(device: 1, time: 1_080_000),
        ])
        let events = frames.compactMap(\.frame).flatMap { host.handle($0) } + host.advance(to: 2_000_000)
        return events.compactMap { event in
            if case .triggered(let button, _) = event.kind { return button }
            return nil
        }
    }
}
