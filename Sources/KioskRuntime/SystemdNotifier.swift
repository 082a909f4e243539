#if canImport(Glibc)
import Glibc
#endif

/// systemd's notify protocol without libsystemd: datagrams to $NOTIFY_SOCKET (a path, or
/// an abstract socket written with a leading '@'). READY=1 once the first frame is on
/// screen; WATCHDOG=1 every half of $WATCHDOG_USEC when the unit sets a watchdog.
public final class SystemdNotifier {
    private let address: sockaddr_un?
    private let socketFD: Int32
    /// How often to ping the watchdog, in µs; nil without a watchdog for this process.
    public let watchdogInterval: Int64?

    public init(environment: [String: String]) {
        var address: sockaddr_un?
        if let path = environment["NOTIFY_SOCKET"], !path.isEmpty, path.utf8.count < 108 {
            var a = sockaddr_un()
            a.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &a.sun_path) { bytes in
                for (i, byte) in path.utf8.enumerated() { bytes[i] = byte }
                if path.hasPrefix("@") { bytes[0] = 0 }
            }
            address = a
        }
        self.address = address
        socketFD = address == nil ? -1 : socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
        if forUs, let usec = environment["WATCHDOG_USEC"].flatMap(Int64.init), usec > 0, address != nil {
            watchdogInterval = usec / 2
        } else {
            watchdogInterval = nil
        }
        pathLength = environment["NOTIFY_SOCKET"].map { $0.utf8.count } ?? 0
    }

    private let pathLength: Int

    deinit { if socketFD >= 0 { close(socketFD) } }

    public var isEnabled: Bool { socketFD >= 0 }

    /// Sends `state` ("READY=1", "WATCHDOG=1", "STOPPING=1"); silently nothing without a socket.
    public func notify(_ state: String) {
        guard var address, socketFD >= 0 else { return }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathLength)
        _ = state.withCString { text in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(socketFD, text, strlen(text), Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
    }
}
