import CKioskShim
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

    public let path: String
    private let fd: Int32
    private let savedKDMode: Int32
    private let savedKBMode: Int32
    private let locked: Bool
    private var restored = false

    /// Takes over the VT on stdin if it is one, else the active VT (via /dev/tty0).
    public init(lockSwitching: Bool) throws(SystemError) {
        var path = "stdin"
        var fd = kiosk_vt_is_console(0) != 0 ? dup(0) : -1
        if fd < 0 {
            let tty0 = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
            guard tty0 >= 0 else { throw SystemError("open /dev/tty0 to find the active VT") }
            let active = kiosk_vt_active(tty0)
            close(tty0)
            guard active > 0 else { throw SystemError("ask /dev/tty0 for the active VT") }
            path = "/dev/tty\(active)"
            fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { throw SystemError("open \(path)") }
        }
        self.path = path
        self.fd = fd
        var kd: Int32 = 0, kb: Int32 = 0
        _ = kiosk_vt_get_kd_mode(fd, &kd)
        _ = kiosk_vt_get_kb_mode(fd, &kb)
        savedKDMode = kd
        savedKBMode = kb
        locked = lockSwitching
        kiosk_emergency_set_console(fd, kd, kb, lockSwitching ? 1 : 0)
        do {
            try retryingEINTR("put \(path) in graphics mode") { kiosk_vt_set_kd_mode(fd, kiosk_vt_kd_graphics()) }
            try retryingEINTR("turn \(path)'s keyboard off") { kiosk_vt_set_kb_mode(fd, kiosk_vt_k_off()) }
            try retryingEINTR("take over VT switching on \(path)") {
                kiosk_vt_set_process_mode(fd, 1, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal)
            }
            if lockSwitching {
                try retryingEINTR("lock VT switching") { kiosk_vt_lock_switch(fd, 1) }
            }
        } catch {
            restore()
            throw error
        }
    }

    deinit {
        restore()
        close(fd)
    }

    /// Lets the kernel switch away (after the display dropped DRM master).
    public func allowRelease() {
        _ = kiosk_vt_release_display(fd, 1)
    }

    /// Acknowledges the switch back (before the display takes master again).
    public func acknowledgeAcquire() {
        _ = kiosk_vt_release_display(fd, kiosk_vt_ackacq())
    }

    /// Puts the VT at `path` back as a login prompt expects it: text mode, the keyboard on
    /// (Unicode), automatic and unlocked switching. For the service manager to run after the
    /// kiosk is gone, whatever ended it: a SIGKILL or an out-of-memory kill reaches no
    /// handler, and the kernel leaves a dead process's VT in graphics mode with its keyboard
    /// off. Returns what was wrong, in words ("" when it was sane already).
    public static func reset(path: String) throws(SystemError) -> String {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw SystemError("open \(path)") }
        defer { close(fd) }
        guard kiosk_vt_is_console(fd) != 0 else { throw SystemError("\(path) is not a virtual terminal", errno: Errno(rawValue: ENOTTY)) }
        var kd: Int32 = 0, kb: Int32 = 0
        _ = kiosk_vt_get_kd_mode(fd, &kd)
        _ = kiosk_vt_get_kb_mode(fd, &kb)
        _ = kiosk_vt_lock_switch(fd, 0)
        try retryingEINTR("give \(path)'s switching back to the kernel") { kiosk_vt_set_process_mode(fd, 0, 0, 0) }
        try retryingEINTR("turn \(path)'s keyboard on") { kiosk_vt_set_kb_mode(fd, kiosk_vt_k_unicode()) }
        try retryingEINTR("put \(path) in text mode") { kiosk_vt_set_kd_mode(fd, kiosk_vt_kd_text()) }
        var wrong: [String] = []
        if kd != kiosk_vt_kd_text() { wrong.append("graphics mode") }
        if kb == kiosk_vt_k_off() { wrong.append("its keyboard off") }
        return wrong.isEmpty ? "" : "\(path) was left in " + wrong.joined(separator: " with ")
    }

    /// Text mode, the keyboard and automatic switching back as they were; safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        kiosk_emergency_set_console(-1, 0, 0, 0)
        if locked { _ = kiosk_vt_lock_switch(fd, 0) }
        _ = kiosk_vt_set_process_mode(fd, 0, 0, 0)
        _ = kiosk_vt_set_kb_mode(fd, savedKBMode)
        _ = kiosk_vt_set_kd_mode(fd, savedKDMode)
    }
}
