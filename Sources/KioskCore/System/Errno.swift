#if canImport(Glibc)
import Glibc
#endif

/// An errno value, named as swift-system names it. swift-system itself is not used: its
/// `FileDescriptor` covers open/read/write/close but none of the calls a kiosk lives on
/// (ioctl through the shim, libdrm's -errno returns, poll, timerfd, signalfd, libinput), its
/// EINTR loop is internal, and KioskCore depends on nothing, so this is its shape without it.
public struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's errno now.
    public static var current: Errno { Errno(rawValue: Glibc.errno) }

    public static let interrupted = Errno(rawValue: EINTR)
    public static let resourceBusy = Errno(rawValue: EBUSY)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let notPermitted = Errno(rawValue: EPERM)
    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    public static let wouldBlock = Errno(rawValue: EAGAIN)

    /// strerror's message.
    public var description: String { String(cString: strerror(rawValue)) }
}
