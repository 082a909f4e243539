import KioskCore
@testable import KioskRuntime
#if canImport(Glibc)
import Glibc
#endif

/// A VT as the kernel keeps it, in memory: the modes, who switches, the lock, and a journal
/// of the calls; a call named in `failures` fails once with that errno.
final class FakeTerminal: TerminalDevice {
    let path = "/dev/tty7"
    var display = TerminalModes.text
    var keyboard = TerminalModes.keyboardUnicode
    var processSwitching = false
    var locked = false
    var emergencyArmed = false
    var journal: [String] = []
    var failures: [String: Int32] = [:]

    func displayMode() -> Int32 { display }
    func keyboardMode() -> Int32 { keyboard }

    func setDisplayMode(_ mode: Int32) -> Int32 {
        call("display \(mode == TerminalModes.graphics ? "graphics" : "text")") { display = mode }
    }

    func setKeyboardMode(_ mode: Int32) -> Int32 {
        call("keyboard \(mode == TerminalModes.keyboardOff ? "off" : "on")") { keyboard = mode }
    }

    func setProcessSwitching(_ on: Bool, releaseSignal: Int32, acquireSignal: Int32) -> Int32 {
        call(on ? "process switching" : "kernel switching") { processSwitching = on }
    }

    func lockSwitching(_ locked: Bool) -> Int32 {
        call(locked ? "lock" : "unlock") { self.locked = locked }
    }

    func releaseDisplay(_ value: Int32) -> Int32 {
        call(value == TerminalModes.acknowledgeAcquire ? "acknowledge acquire" : "release") {}
    }

    func setEmergencyRestore(_ saved: (displayMode: Int32, keyboardMode: Int32, locked: Bool)?) {
        emergencyArmed = saved != nil
    }

    private func call(_ name: String, _ effect: () -> Void) -> Int32 {
        journal.append(name)
        if let code = failures.removeValue(forKey: name) {
            errno = code
            return -1
        }
        effect()
        return 0
    }
}
