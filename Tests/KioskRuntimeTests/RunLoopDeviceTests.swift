import KioskDisplay
import KioskGraphics
import KioskInput
@testable import KioskRuntime
import KioskScreenFiles
import KioskUI
import Testing

/// What the run loop does with its devices, through the protocols it knows them by: a VT
/// switch gives the display and the input up and takes them back in the kernel's order,
/// and a touchscreen pulled out under a finger cancels its press.
@Suite("Run loop and devices")
struct RunLoopDeviceTests {
    /// Records what the loop asks of the display, the input and the console, in order.
    final class Journal {
        var entries: [String] = []
    }

    final class RecordingDisplay: Display {
        let journal: Journal
        let inner: HeadlessDisplay

        init(_ journal: Journal) throws {
            self.journal = journal
            inner = try HeadlessDisplay(width: 40, height: 20)
        }

        var size: Size { inner.size }
        var panelSize: (width: Int, height: Int) { inner.panelSize }
        var canvas: Canvas { inner.canvas }
        var isReadyForFrame: Bool { inner.isReadyForFrame }
        func present(damage: Region) { inner.present(damage: damage) }
        func suspend() { journal.entries.append("display suspend") }
        func resume() { journal.entries.append("display resume") }
    }

    final class RecordingInput: InputSource {
        let journal: Journal
        init(_ journal: Journal) { self.journal = journal }
        var fileDescriptor: Int32 { -1 }
        func readEvents() -> [InputEvent] { [] }
        func suspend() { journal.entries.append("input suspend") }
        func resume() { journal.entries.append("input resume") }
    }

    final class RecordingConsole: ConsoleSwitching {
        let journal: Journal
        init(_ journal: Journal) { self.journal = journal }
        func allowRelease() { journal.entries.append("console release") }
        func acknowledgeAcquire() { journal.entries.append("console acquire") }
    }

    static let screen = """
        [[screens]]
        id = "main"
        columns = 1
        [[screens.buttons]]
        id = "tap"
        title = "Tap"
        """

    @Test("A VT switch away lets go of the display and the input before the console; back, the console first")
    func vtSwitch() throws {
        let journal = Journal()
        let host = try ScreenFile(parsing: Self.screen, path: "vt.toml")
            .makeHost(size: Size(width: 40, height: 20), textEngine: try KioskTextEngine()) { _ in }
        let loop = try KioskRunLoop(display: RecordingDisplay(journal), input: RecordingInput(journal),
                                    scene: HostScene(host: host, start: 0) { _ in }, console: RecordingConsole(journal),
                                    hotplug: nil, notifier: SystemdNotifier(environment: [:]))
        var reports: [String] = []
        loop.report = { reports.append($0) }
        loop.handle(signal: VirtualTerminal.releaseSignal)
        #expect(journal.entries == ["display suspend", "input suspend", "console release"])
        journal.entries = []
        loop.handle(signal: VirtualTerminal.acquireSignal)
        #expect(journal.entries == ["console acquire", "display resume", "input resume"])
        #expect(reports == ["console: switched away; DRM master dropped", "console: switched back; repainting"])
    }

    @Test("A touchscreen removed mid-press cancels the press: the button does not trigger")
    func deviceRemovedMidPress() throws {
        let host = try ScreenFile(parsing: Self.screen, path: "removed.toml")
            .makeHost(size: Size(width: 400, height: 200), textEngine: try KioskTextEngine()) { _ in }
        var log: [String] = []
        let scene = HostScene(host: host, start: 0) { log.append($0) }
        let centre = try #require(host.frame(ofButton: "tap")).center
        var translator = TouchTranslator(transform: TouchTransform(panelWidth: 400, panelHeight: 200))
        let batches: [[RawInputEvent]] = [
            [.touch(device: 1, slot: 0, phase: .down, x: centre.x / 400, y: centre.y / 200, time: 0),
             .touchFrame(device: 1, time: 0)],
            // libinput lifts the removed device's touches just before it says it is gone.
            [.touch(device: 1, slot: 0, phase: .up, x: nil, y: nil, time: 40_000),
             .touchFrame(device: 1, time: 40_000),
             .deviceRemoved(device: 1, time: 40_000)],
        ]
        for batch in batches {
            for case .touch(let frame) in translator.translate(batch) { scene.handle(frame) }
        }
        scene.advance(to: 1_000_000)
        #expect(log.contains { $0.contains(#""button":"tap","event":"pressed""#) }, "\(log)")
        #expect(log.contains { $0.contains(#""button":"tap","event":"cancelled""#) }, "\(log)")
        #expect(!log.contains { $0.contains("triggered") }, "\(log)")
        #expect(translator.activeContactCount == 0)
    }
}
