import CKioskShim
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// The kernel's VT interface as `VirtualTerminal` uses it, on one open terminal. Each call
/// is one ioctl and answers as it does (0, or -1 with errno set), so `KernelTerminal` is a
/// thin layer and a test's own device can stand in for a console: VT switching is tested
/// without a kernel.
public protocol TerminalDevice: AnyObject {
    /// Where the terminal is, for messages ("stdin", "/dev/tty2").
    var path: String { get }
    /// KDGETMODE and KDGETKBMODE: the modes as the kiosk found them.
    func displayMode() -> Int32
    func keyboardMode() -> Int32
    func setDisplayMode(_ mode: Int32) -> Int32
    func setKeyboardMode(_ mode: Int32) -> Int32
    /// VT_SETMODE: switching under the process's control (the kernel signals a release or
    /// an acquire request), or back under the kernel's.
    func setProcessSwitching(_ on: Bool, releaseSignal: Int32, acquireSignal: Int32) -> Int32
    /// VT_LOCKSWITCH / VT_UNLOCKSWITCH.
    func lockSwitching(_ locked: Bool) -> Int32
    /// VT_RELDISP: 1 lets a switch away go ahead, `TerminalModes.acknowledgeAcquire` answers one back.
    func releaseDisplay(_ value: Int32) -> Int32
    /// What the fatal-signal handler puts back if the kiosk crashes; nil disarms it.
    func setEmergencyRestore(_ saved: (displayMode: Int32, keyboardMode: Int32, locked: Bool)?)
}

/// The kernel's constants for the modes and answers the VT calls take.
public enum TerminalModes {
    public static let graphics = kiosk_vt_kd_graphics()
    public static let text = kiosk_vt_kd_text()
    public static let keyboardOff = kiosk_vt_k_off()
    public static let keyboardUnicode = kiosk_vt_k_unicode()
    public static let acknowledgeAcquire = kiosk_vt_ackacq()
}

/// A terminal device node, opened read-write, and its VT ioctls.
public final class KernelTerminal: TerminalDevice {
    public let path: String
    private let fd: Int32

    /// Opens `path`; fails unless it is a virtual terminal.
    public init(path: String) throws(SystemError) {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw SystemError("open \(path)") }
        guard kiosk_vt_is_console(fd) != 0 else {
            close(fd)
            throw SystemError("\(path) is not a virtual terminal", errno: Errno(rawValue: ENOTTY))
        }
        self.path = path
        self.fd = fd
    }

    /// The VT on stdin if it is one, else the active VT (found through /dev/tty0).
    public static func console() throws(SystemError) -> KernelTerminal {
        if kiosk_vt_is_console(0) != 0 {
            let fd = dup(0)
            guard fd >= 0 else { throw SystemError("duplicate stdin") }
            return KernelTerminal(path: "stdin", fd: fd)
        }
        let tty0 = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard tty0 >= 0 else { throw SystemError("open /dev/tty0 to find the active VT") }
        let active = kiosk_vt_active(tty0)
        close(tty0)
        guard active > 0 else { throw SystemError("ask /dev/tty0 for the active VT") }
        return try KernelTerminal(path: "/dev/tty\(active)")
    }

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    public func displayMode() -> Int32 {
        var mode: Int32 = 0
        _ = kiosk_vt_get_kd_mode(fd, &mode)
        return mode
    }

    public func keyboardMode() -> Int32 {
        var mode: Int32 = 0
        _ = kiosk_vt_get_kb_mode(fd, &mode)
        return mode
    }

    public func setDisplayMode(_ mode: Int32) -> Int32 { kiosk_vt_set_kd_mode(fd, mode) }
    public func setKeyboardMode(_ mode: Int32) -> Int32 { kiosk_vt_set_kb_mode(fd, mode) }

    public func setProcessSwitching(_ on: Bool, releaseSignal: Int32, acquireSignal: Int32) -> Int32 {
        kiosk_vt_set_process_mode(fd, on ? 1 : 0, releaseSignal, acquireSignal)
    }

    public func lockSwitching(_ locked: Bool) -> Int32 { kiosk_vt_lock_switch(fd, locked ? 1 : 0) }
    public func releaseDisplay(_ value: Int32) -> Int32 { kiosk_vt_release_display(fd, value) }

    public func setEmergencyRestore(_ saved: (displayMode: Int32, keyboardMode: Int32, locked: Bool)?) {
        if let saved {
            kiosk_emergency_set_console(fd, saved.displayMode, saved.keyboardMode, saved.locked ? 1 : 0)
        } else {
            kiosk_emergency_set_console(-1, 0, 0, 0)
        }
    }
}
