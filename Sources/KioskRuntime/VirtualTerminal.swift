import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's VT: in graphics mode (the kernel draws no text over the panel) with the
/// keyboard off (no keystroke reaches a shell behind it), switching under the process's
/// control (VT_PROCESS: the release and acquire requests arrive as `releaseSignal` and
/// `acquireSignal`), optionally locked. `restore` puts everything back; a crash does the
/// same through the fatal-signal handler.
public final class VirtualTerminal: ConsoleSwitching {
    /// Real-time signals, so SIGUSR1 and SIGUSR2 stay free for operators (SIGUSR1 grabs a
    /// frame).
    public static let releaseSignal = __libc_current_sigrtmin() + 1
    public static let acquireSignal = __libc_current_sigrtmin() + 2

    public let device: any TerminalDevice
    public var path: String { device.path }
    private let savedDisplayMode: Int32
    private let savedKeyboardMode: Int32
    private let locked: Bool
    private var restored = false

    /// Takes over the VT on stdin if it is one, else the active VT.
    public convenience init(lockSwitching: Bool) throws(SystemError) {
        try self.init(device: KernelTerminal.console(), lockSwitching: lockSwitching)
    }

    /// Takes over `device`'s VT; on a failure what was changed is put back.
    public init(device: any TerminalDevice, lockSwitching: Bool) throws(SystemError) {
        self.device = device
        savedDisplayMode = device.displayMode()
        savedKeyboardMode = device.keyboardMode()
        locked = lockSwitching
        let path = device.path
        device.setEmergencyRestore((savedDisplayMode, savedKeyboardMode, lockSwitching))
        do {
            try retryingEINTR("put \(path) in graphics mode") { device.setDisplayMode(TerminalModes.graphics) }
            try retryingEINTR("turn \(path)'s keyboard off") { device.setKeyboardMode(TerminalModes.keyboardOff) }
            try retryingEINTR("take over VT switching on \(path)") {
                device.setProcessSwitching(true, releaseSignal: VirtualTerminal.releaseSignal, acquireSignal: VirtualTerminal.acquireSignal)
            }
            if lockSwitching {
                try retryingEINTR("lock VT switching") { device.lockSwitching(true) }
            }
        } catch {
            restore()
            throw error
        }
    }

    deinit {
        restore()
    }

    /// Lets the kernel switch away (after the display dropped DRM master).
    public func allowRelease() {
        _ = device.releaseDisplay(1)
    }

    /// Acknowledges the switch back (before the display takes master again).
    public func acknowledgeAcquire() {
        _ = device.releaseDisplay(TerminalModes.acknowledgeAcquire)
    }

    /// Puts the VT at `path` back as a login prompt expects it: text mode, the keyboard on
    /// (Unicode), automatic and unlocked switching. For the service manager to run after the
    /// kiosk is gone, whatever ended it: a SIGKILL or an out-of-memory kill reaches no
    /// handler, and the kernel leaves a dead process's VT in graphics mode with its keyboard
    /// off. Returns what was wrong, in words ("" when it was sane already).
    public static func reset(path: String) throws(SystemError) -> String {
        try reset(KernelTerminal(path: path))
    }

    /// `reset(path:)` on an open terminal.
    public static func reset(_ device: any TerminalDevice) throws(SystemError) -> String {
        let path = device.path
        let displayMode = device.displayMode(), keyboardMode = device.keyboardMode()
        _ = device.lockSwitching(false)
        try retryingEINTR("give \(path)'s switching back to the kernel") {
            device.setProcessSwitching(false, releaseSignal: 0, acquireSignal: 0)
        }
        try retryingEINTR("turn \(path)'s keyboard on") { device.setKeyboardMode(TerminalModes.keyboardUnicode) }
        try retryingEINTR("put \(path) in text mode") { device.setDisplayMode(TerminalModes.text) }
        var wrong: [String] = []
        if displayMode != TerminalModes.text { wrong.append("graphics mode") }
        if keyboardMode == TerminalModes.keyboardOff { wrong.append("its keyboard off") }
        return wrong.isEmpty ? "" : "\(path) was left in " + wrong.joined(separator: " with ")
    }

    /// Text mode, the keyboard and automatic switching back as they were; safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        device.setEmergencyRestore(nil)
        if locked { _ = device.lockSwitching(false) }
        _ = device.setProcessSwitching(false, releaseSignal: 0, acquireSignal: 0)
        _ = device.setKeyboardMode(savedKeyboardMode)
        _ = device.setDisplayMode(savedDisplayMode)
    }
}
