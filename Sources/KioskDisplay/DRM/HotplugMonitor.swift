import CKioskShim
#if canImport(Glibc)
import Glibc
#endif

/// The kernel's uevents for the drm subsystem on a netlink socket: a connector plugged or
/// unplugged (a HOTPLUG=1 change of a card). Poll `fileDescriptor`; `readHotplugs()`
/// drains it and says whether a card changed, so the display re-probes its connector.
public final class HotplugMonitor {
    public let fileDescriptor: Int32

    public init() throws(DisplayError) {
        let fd = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
                        NETLINK_KOBJECT_UEVENT)
        guard fd >= 0 else { throw DisplayError.errno("open a uevent socket for display hotplug", code: errno) }
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups = 1  // the kernel's own broadcasts
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw DisplayError.errno("listen to kernel uevents for display hotplug", code: code)
        }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Reads every pending uevent; true if one was a drm change.
    public func readHotplugs() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = recv(fileDescriptor, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return changed }
            if HotplugMonitor.isDRMChange(buffer[0..<count]) { changed = true }
        }
    }

    /// A uevent is "ACTION@DEVPATH" then NUL-separated KEY=VALUE fields.
    static func isDRMChange(_ message: ArraySlice<UInt8>) -> Bool {
        let fields = message.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return fields.contains("SUBSYSTEM=drm") && (fields.contains("HOTPLUG=1") || fields.contains("ACTION=change"))
    }
}
