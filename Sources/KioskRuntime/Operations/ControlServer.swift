import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The control socket: a Unix stream socket speaking JSON lines (`ControlRequest` in,
/// one reply line out per request), polled by the run loop, never blocking it. Many
/// clients at once; each has a bounded output buffer, so a client that does not read (a
/// slow subscriber) is dropped with a last error line instead of stalling the UI. A bad
/// line gets an error reply and the connection stays usable.
public final class ControlServer: RunLoopSource {
    public let path: String
    /// Runs one request (everything but `subscribe`) and returns its reply line.
    public var perform: (ControlRequest) -> String = { _ in ControlReply.error("no kiosk attached") }
    public var report: (String) -> Void
    /// The longest request line accepted, bytes.
    public let maxLineLength: Int
    /// Bytes a client may have waiting to be sent before it is dropped.
    public let maxPending: Int
    public let maxClients = 32

    private let listener: Int32
    private var clients: [Client] = []

    private final class Client {
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var subscribed = false
        /// Set after an over-long line: the rest of it is skipped up to its newline.
        var skippingLine = false

        init(fd: Int32) { self.fd = fd }
    }

    /// Creates the socket at `path` (its directory too), readable and writable by its owner
    /// and the `kiosk` group (when that group exists) only. A stale socket file is replaced;
    /// one with a live kiosk behind it is an error.
    public init(path: String, maxLineLength: Int = 16 * 1024, maxPending: Int = 256 * 1024,
                report: @escaping (String) -> Void) throws(ControlError) {
        self.path = path
        self.maxLineLength = maxLineLength
        self.maxPending = maxPending
        self.report = report
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw ControlError("cannot create the control socket's directory \(directory): \(error.localizedDescription)")
            }
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw ControlError("cannot use \(path) as the control socket: the path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw ControlError.system("create the control socket", errno) }
        if Self.isLive(&address) {
            close(listener)
            throw ControlError("cannot listen on \(path): another kiosk is listening there")
        }
        unlink(path)
        // Created 0660 from the start (no window in which others could connect).
        let oldMask = umask(0o117)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(oldMask)
        guard bound == 0, listen(listener, 16) == 0 else {
            let code = errno
            close(listener)
            throw ControlError.system("listen on the control socket \(path)", code)
        }
        if let group = getgrnam("kiosk") {
            if chown(path, uid_t.max, group.pointee.gr_gid) != 0 {
                report("control: cannot give \(path) to group kiosk: \(String(cString: strerror(errno)))")
            }
        }
    }

    deinit {
        for client in clients { close(client.fd) }
        close(listener)
        unlink(path)
    }

    private static func isLive(_ address: inout sockaddr_un) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }

    public var clientCount: Int { clients.count }

    /// Sends `line` (an event-log line) to every subscriber.
    public func publish(_ line: String) {
        for client in clients where client.subscribed { send(line, to: client) }
    }

    // MARK: RunLoopSource

    public var pollDescriptors: [pollfd] {
        [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            + clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN) | ($0.output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0) }
    }

    public func handle(_ ready: [pollfd]) {
        for entry in ready {
            if entry.fd == listener {
                acceptClients()
            } else if let client = clients.first(where: { $0.fd == entry.fd }) {
                if entry.revents & Int16(POLLOUT) != 0 { flush(client) }
                if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(client) }
            }
        }
    }

    public var nextDeadline: Int64? { nil }
    public func advance(to now: Int64) {}

    // MARK: Clients

    private func acceptClients() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            guard clients.count < maxClients else {
                let line = Array((ControlReply.error("too many clients (\(maxClients))") + "\n").utf8)
                _ = Glibc.send(fd, line, line.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                close(fd)
                continue
            }
            clients.append(Client(fd: fd))
        }
    }

    /// Reads what arrived (at most 64 KiB per round, so one client cannot hog the loop) and
    /// answers each whole line.
    private func receive(_ client: Client) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = recv(client.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) {
            drop(client)
            return
        }
        guard n > 0 else { return }
        client.input += buffer[0..<n]
        while clients.contains(where: { $0 === client }) {
            guard let newline = client.input.firstIndex(of: 10) else {
                if client.input.count > maxLineLength {
                    client.input.removeAll()
                    if !client.skippingLine { send(ControlReply.error("line longer than \(maxLineLength) bytes"), to: client) }
                    client.skippingLine = true
                }
                return
            }
            let line = client.input[..<newline]
            defer { client.input.removeFirst(newline + 1) }
            if client.skippingLine {
                client.skippingLine = false
                continue
            }
            if line.count > maxLineLength {
                send(ControlReply.error("line longer than \(maxLineLength) bytes"), to: client)
                continue
            }
            if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
            answer(line, from: client)
        }
    }

    private func answer(_ line: ArraySlice<UInt8>, from client: Client) {
        do {
            let request = try ControlRequest(line: line)
            if request == .subscribe {
                client.subscribed = true
                send(ControlReply.ok(["subscribed": .bool(true)]), to: client)
            } else {
                send(perform(request), to: client)
            }
        } catch {
            send(ControlReply.error(error.message), to: client)
        }
    }

    /// Queues `line` and writes what the socket takes now; past `maxPending` the client
    /// is dropped with a last line saying why.
    private func send(_ line: String, to client: Client) {
        guard clients.contains(where: { $0 === client }) else { return }
        let bytes = Array((line + "\n").utf8)
        if client.output.count + bytes.count > maxPending {
            let last = Array((ControlReply.error("dropped: the client did not read its replies (\(maxPending) bytes waiting)") + "\n").utf8)
            _ = Glibc.send(client.fd, last, last.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            report("control: dropped a client that did not read (\(client.output.count) bytes waiting)")
            drop(client)
            return
        }
        client.output += bytes
        flush(client)
    }

    private func flush(_ client: Client) {
        while !client.output.isEmpty {
            let n = client.output.withUnsafeBytes {
                Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if n > 0 {
                client.output.removeFirst(n)
            } else if n < 0 && (errno == EAGAIN || errno == EINTR) {
                return
            } else {
                drop(client)
                return
            }
        }
    }

    private func drop(_ client: Client) {
        close(client.fd)
        clients.removeAll { $0 === client }
    }
}
