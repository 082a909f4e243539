import KioskCore
@testable import KioskRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Virtual terminal")
struct VirtualTerminalTests {
    @Test("Taking the VT over: graphics mode, keyboard off, switching by the process, locked when asked; restore puts it back once")
    func takeOverAndRestore() throws {
        let device = FakeTerminal()
        let terminal = try VirtualTerminal(device: device, lockSwitching: true)
        #expect(device.journal == ["display graphics", "keyboard off", "process switching", "lock"])
        #expect(device.display == TerminalModes.graphics && device.keyboard == TerminalModes.keyboardOff)
        #expect(device.processSwitching && device.locked && device.emergencyArmed)
        device.journal = []
        terminal.restore()
        terminal.restore()
        #expect(device.journal == ["unlock", "kernel switching", "keyboard on", "display text"])
        #expect(device.display == TerminalModes.text && device.keyboard == TerminalModes.keyboardUnicode)
        #expect(!device.processSwitching && !device.locked && !device.emergencyArmed)
    }

    @Test("A VT switch away is let go only when asked, and the switch back acknowledged")
    func releaseAndAcquire() throws {
        let device = FakeTerminal()
        let terminal = try VirtualTerminal(device: device, lockSwitching: false)
        device.journal = []
        terminal.allowRelease()
        terminal.acknowledgeAcquire()
        #expect(device.journal == ["release", "acknowledge acquire"])
    }

    @Test("A refused take-over puts back what was changed and says what failed; an interrupted call is retried")
    func refusedTakeOver() throws {
        let device = FakeTerminal()
        device.failures = ["display graphics": EINTR, "process switching": EPERM]
        #expect {
            try VirtualTerminal(device: device, lockSwitching: false)
        } throws: { error in
            "\(error)".contains("take over VT switching on /dev/tty7")
        }
        #expect(device.journal == ["display graphics", "display graphics", "keyboard off", "process switching",
                                   "kernel switching", "keyboard on", "display text"])
        #expect(device.display == TerminalModes.text && device.keyboard == TerminalModes.keyboardUnicode && !device.emergencyArmed)
    }

    @Test("Resetting a VT a killed kiosk left behind says what was wrong")
    func reset() throws {
        let device = FakeTerminal()
        device.display = TerminalModes.graphics
        device.keyboard = TerminalModes.keyboardOff
        device.processSwitching = true
        #expect(try VirtualTerminal.reset(device) == "/dev/tty7 was left in graphics mode with its keyboard off")
        #expect(device.display == TerminalModes.text && device.keyboard == TerminalModes.keyboardUnicode && !device.processSwitching)
        #expect(try VirtualTerminal.reset(device) == "")
    }
}
