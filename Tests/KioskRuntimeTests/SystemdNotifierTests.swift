import KioskRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("systemd notify")
struct SystemdNotifierTests {
    /// A datagram socket standing in for systemd's.
    func listen(at path: String) -> Int32 {
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (i, byte) in path.utf8.enumerated() { bytes[i] = byte }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return fd
    }

    func receive(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }

    @Test func sendsStatesToTheNotifySocket() {
        let path = "/tmp/kiosk-notify-\(getpid())"
        let fd = listen(at: path)
        defer { close(fd); unlink(path) }
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path])
        #expect(notifier.isEnabled && notifier.watchdogInterval == nil)
        notifier.notify("READY=1")
        #expect(receive(fd) == "READY=1")
    }

    @Test func pingsTheWatchdogAtHalfItsTimeoutOnlyForThisProcess() {
        let mine = SystemdNotifier(environment: ["NOTIFY_SOCKET": "/tmp/x", "WATCHDOG_USEC": "2000000",
                                                 "WATCHDOG_PID": "\(getpid())"])
        #expect(mine.watchdogInterval == 1_000_000)
        let other = SystemdNotifier(environment: ["NOTIFY_SOCKET": "/tmp/x", "WATCHDOG_USEC": "2000000",
                                                  "WATCHDOG_PID": "1"])
        #expect(other.watchdogInterval == nil)
    }

    @Test func withoutASocketNothingIsSent() {
        let notifier = SystemdNotifier(environment: ["WATCHDOG_USEC": "1000"])
        #expect(!notifier.isEnabled && notifier.watchdogInterval == nil)
        notifier.notify("READY=1")
    }
}
