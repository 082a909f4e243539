import KioskCore
import KioskDisplay
import KioskGraphics
import KioskInput
@testable import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing

/// What the run loop does with its devices, through the protocols it knows them by: a VT
/// switch gives the display and the input up and takes them back in the kernel's order,
/// and a touchscreen pulled out under a finger cancels its press.
@MainActor
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

    /// One touchscreen, as libinput reports it: each read hands out the next batch; giving
    /// the devices up removes it, as libinput_suspend does.
    final class Touchscreen: InputDevices {
        var batches: [[RawInputEvent]] = []
        var suspended = false
        var fileDescriptor: Int32 { -1 }
        var devices: [InputDeviceInfo] { [] }

        func read() -> [RawInputEvent] { batches.isEmpty ? [] : batches.removeFirst() }

        func suspend() {
            suspended = true
            batches.append([.deviceRemoved(device: 1, time: 40_000)])
        }

        func resume() { suspended = false }
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
        let loop = EmbeddedRunLoop(display: try RecordingDisplay(journal), input: RecordingInput(journal),
                                   scene: HostScene(host: host, start: 0) { _ in }, console: RecordingConsole(journal),
                                   clock: ManualClock())
        var reports: [String] = []
        loop.scheduler.report = { reports.append($0) }
        var release = RunLoopScheduler.Readiness()
        release.signals = [VirtualTerminal.releaseSignal]
        try loop.turn(release)
        #expect(journal.entries == ["display suspend", "input suspend", "console release"])
        journal.entries = []
        var acquire = RunLoopScheduler.Readiness()
        acquire.signals = [VirtualTerminal.acquireSignal]
        try loop.turn(acquire)
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

    /// The screen's button pressed at 0 by a touchscreen played through the loop; `then`
    /// happens at 40 ms. Returns the event log after a second.
    func pressThenAtForty(console: (any ConsoleSwitching)? = nil,
                          _ then: (EmbeddedRunLoop, Touchscreen) throws -> Void) throws -> (log: [String], touchscreen: Touchscreen) {
        let host = try ScreenFile(parsing: Self.screen, path: "removed.toml")
            .makeHost(size: Size(width: 400, height: 200), textEngine: try KioskTextEngine()) { _ in }
        var log: [String] = []
        let centre = try #require(host.frame(ofButton: "tap")).center
        let touchscreen = Touchscreen()
        touchscreen.batches = [[.touch(device: 1, slot: 0, phase: .down, x: centre.x / 400, y: centre.y / 200, time: 0),
                                .touchFrame(device: 1, time: 0)]]
        let input = LibInputSource(devices: touchscreen, transform: TouchTransform(panelWidth: 400, panelHeight: 200))
        let clock = ManualClock()
        let loop = EmbeddedRunLoop(display: try HeadlessDisplay(width: 400, height: 200), input: input,
                                   scene: HostScene(host: host, start: 0) { log.append($0) }, console: console, clock: clock)
        var readable = RunLoopScheduler.Readiness()
        readable.input = true
        try loop.turn(readable)
        try loop.advanceTime(to: 40_000)
        try then(loop, touchscreen)
        try loop.turn(readable)
        try loop.advanceTime(to: 1_000_000)
        return (log, touchscreen)
    }

    @Test("A touchscreen gone mid-press without lifting its touch, through the loop: the press is cancelled, not stuck")
    func deviceGoneWithoutLift() throws {
        let (log, _) = try pressThenAtForty { _, touchscreen in
            touchscreen.batches.append([.deviceRemoved(device: 1, time: 40_000)])
        }
        #expect(log.contains { $0.contains(#""button":"tap","event":"pressed""#) }, "\(log)")
        #expect(log.contains { $0.contains(#""button":"tap","event":"cancelled""#) }, "\(log)")
        #expect(!log.contains { $0.contains("triggered") }, "\(log)")
    }

    @Test("A VT switch away mid-press gives the touchscreen up and cancels the press; the VT lets the switch go ahead")
    func vtSwitchMidPress() throws {
        let terminal = FakeTerminal()
        let console = try VirtualTerminal(device: terminal, lockSwitching: false)
        let (log, touchscreen) = try pressThenAtForty(console: console) { loop, _ in
            terminal.journal = []
            var release = RunLoopScheduler.Readiness()
            release.signals = [VirtualTerminal.releaseSignal]
            try loop.turn(release)
        }
        #expect(touchscreen.suspended)
        #expect(log.contains { $0.contains(#""button":"tap","event":"cancelled""#) }, "\(log)")
        #expect(!log.contains { $0.contains("triggered") }, "\(log)")
        #expect(terminal.journal == ["release"])
    }
}
