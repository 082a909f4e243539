import KioskDisplay
import KioskGraphics
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The DRM display against a card in memory: what it does when the kernel refuses a flip,
/// another process takes the master, the connector goes and comes back, or the VT switches.
@Suite("DRM display on a fake card")
struct DRMDisplayTests {
    static let mode = Mode(width: 8, height: 4, refresh: 60, isPreferred: true)
    static let connected = Connector(id: 7, name: "Virtual-1", status: .connected, modes: [mode])
    static let spot = PixelRect(x: 0, y: 0, width: 1, height: 1)

    let card = FakeCard(connector: Self.connected)

    func open() throws -> DRMDisplay {
        try DRMDisplay(device: card, connector: Self.connected, mode: Self.mode, crtcID: 1, format: .xrgb8888)
    }

    /// A display whose first frame is on screen (a modeset), the card's calls cleared.
    func shown() throws -> DRMDisplay {
        let display = try open()
        try display.present(damage: Region(display.canvas.bounds))
        #expect(card.takeCalls() == ["setCRTC 1"])
        return display
    }

    @Test func theFirstFrameFlipsOverTheConsolesPictureInTheSameMode() throws {
        card.shownByConsole = CRTCState(crtcID: 1, framebufferID: 99, mode: Self.mode.info)
        let display = try open()
        try display.present(damage: Region(display.canvas.bounds))
        #expect(card.takeCalls() == ["pageFlip 1"])
        #expect(display.tookOverWithoutModeset && display.firstFrameDescription == "page flip in the console's mode (no modeset)")
        #expect(!display.isReadyForFrame)
        display.handleEvents()
        #expect(display.flips == FlipCount(shown: 1, lastShownTime: 16_000, isPending: false))
        #expect(display.isReadyForFrame)
    }

    @Test func withoutAConsolePictureTheFirstFrameIsAModeset() throws {
        let display = try shown()
        #expect(!display.tookOverWithoutModeset && display.firstFrameDescription == "modeset")
        #expect(display.flips?.shown == 1 && display.isReadyForFrame)
    }

    /// A busy flip gives its damage back to the buffer: the retry copies it again, as it is then.
    @Test func aBusyFlipKeepsItsDamageForTheRetry() throws {
        let display = try shown()
        display.canvas.fill(Self.spot, color: .systemRed)
        card.failNextFlip = EBUSY
        try display.present(damage: Region(Self.spot))
        #expect(card.takeCalls() == ["pageFlip 2 refused"])
        #expect(display.retryDelay == 16_000 && !display.isTakenByAnotherProcess)
        display.canvas.fill(Self.spot, color: .white)
        try display.present(damage: Region())
        #expect(card.takeCalls() == ["pageFlip 2"])
        #expect(display.retryDelay == nil)
        #expect(card.buffers[1].canvas.argb(x: 0, y: 0) == display.canvas.argb(x: 0, y: 0))
    }

    /// A flip refused with EACCES: another process is master. Retries try to take it back;
    /// once back, a modeset repaints.
    @Test func aMasterTakenByAnotherProcessIsTakenBackByARetry() throws {
        let display = try shown()
        card.failNextFlip = EACCES
        try display.present(damage: Region(Self.spot))
        #expect(card.takeCalls() == ["pageFlip 2 refused"])
        #expect(display.isTakenByAnotherProcess && display.retryDelay == 500_000 && !display.isReadyForFrame)
        card.failTakeMaster = EACCES
        try display.present(damage: Region())
        #expect(card.takeCalls() == ["takeMaster"])
        #expect(display.isTakenByAnotherProcess)
        card.failTakeMaster = nil
        try display.present(damage: Region())
        #expect(card.takeCalls() == ["takeMaster", "setCRTC 1"])
        #expect(!display.isTakenByAnotherProcess && display.retryDelay == nil)
    }

    @Test func aVTSwitchGivesTheMasterUpAndTakesItBackWithAModeset() throws {
        let display = try shown()
        try display.suspend()
        #expect(card.takeCalls() == ["dropMaster"])
        #expect(!display.isReadyForFrame)
        try display.present(damage: Region(Self.spot))
        #expect(card.takeCalls() == [])
        try display.resume()
        #expect(card.takeCalls() == ["takeMaster", "setCRTC 1"])
        #expect(display.isReadyForFrame)
    }

    @Test func anUnpluggedConnectorHoldsFramesUntilItComesBack() throws {
        let display = try shown()
        #expect(try display.handleHotplug() == nil)
        card.connectorNow?.status = .disconnected
        #expect(try display.handleHotplug() == "connector Virtual-1 disconnected; waiting")
        #expect(!display.isReadyForFrame)
        try display.present(damage: Region(Self.spot))
        #expect(card.takeCalls() == [])
        card.connectorNow = Self.connected
        #expect(try display.handleHotplug() == "connector Virtual-1 connected; repainting")
        #expect(card.takeCalls() == ["setCRTC 1"])
    }

    @Test func aConnectorBackWithoutTheModeIsAnError() throws {
        let display = try shown()
        card.connectorNow?.status = .disconnected
        _ = try display.handleHotplug()
        card.connectorNow = Connector(id: 7, name: "Virtual-1", status: .connected, modes: [Mode(width: 4, height: 4, refresh: 60)])
        #expect(throws: DisplayError.self) { try display.handleHotplug() }
    }

    @Test func powerSavingGoesThroughDPMS() throws {
        let display = try shown()
        #expect(display.setPowerSaving(true))
        #expect(card.takeCalls() == ["dpms off"])
    }
}
