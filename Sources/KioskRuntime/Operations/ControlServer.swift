import CKioskShim
import FoundationEssentials
import KioskCore
import KioskControl
import KioskInput
#if canImport(Glibc)
import Glibc
#endif

/// The control socket: a Unix stream socket speaking JSON lines (`ControlRequest` in,
/// one reply line out per request), polled by the run loop, never blocking it.
///
/// No client can stall the UI or lock the operator out (`Limits`): each client gets a fair
/// share per turn of the loop (a few requests, a snapshot ending its share, a bounded read;
/// the rest waits for the next turn, and the kernel's socket buffer pushes back on the
/// sender meanwhile), an over-long line closes its connection with an error line, a client
/// that says nothing for a while is closed, and when all places are taken a newcomer
/// closes the client idle the longest. A client that does not read its replies (a slow
/// subscriber) is dropped with a last error line. A bad line gets an error reply and the
/// connection stays usable.
public final class ControlServer: RunLoopSource {
    /// What one client may cost the loop; documented defaults.
    public struct Limits: Sendable {
        /// The longest request line, bytes; a longer one gets an error and the connection is closed.
        public var maxLineLength = 16 * 1024
        /// Bytes a client may have waiting to be sent before it is dropped.
        public var maxPending = 256 * 1024
        /// Requests answered per client per turn of the loop; a snapshot ends the client's turn.
        public var requestsPerTurn = 16
        /// Bytes read from a client per turn (only when no whole line of it is still waiting).
        public var readPerTurn = 16 * 1024
        /// Clients at once; one more closes the client idle the longest (one that never sent
        /// anything first, a subscriber last).
        public var maxClients = 32
        /// A client sending nothing for this long is closed, µs (a subscriber only listens, so
        /// it is exempt, as is one whose requests still wait). 60 s.
        public var idleTimeout: Int64 = 60_000_000

        public init() {}
    }

    public let path: String
    /// Runs one request (everything but `subscribe`) and returns its reply line.
    public var perform: (ControlRequest) -> String = { _ in ControlReply.error("no kiosk attached") }
    public var report: (String) -> Void
    public let limits: Limits

    private let listener: Int32
    private let clock: any Clock
    private var clients: [Client] = []

    private final class Client {
        let fd: Int32
        /// Received bytes from the start of the first unanswered line.
        var input: [UInt8] = []
        /// How much of `input` is known to hold no newline (so each byte is searched once).
        var scanned = 0
        /// More input waits (perhaps a whole line): the last turn ended on its budget.
        var backlog = false
        /// When the last turn ended on its budget: the time the next turn is due, fixed, so
        /// the loop finds it due however far its clock moved on meanwhile.
        var backlogSince: Int64 = 0
        /// Served by this wake-up's `handle`: its timer, in the same turn, leaves it be.
        var servedThisTurn = false
        /// The peer closed its end: answer what is waiting, then close.
        var hungUp = false
        var output: [UInt8] = []
        var subscribed = false
        /// When the client last sent something, or connected (the server's clock).
        var lastHeard: Int64
        /// It has sent something since it connected.
        var heard = false

        init(fd: Int32, now: Int64) {
            self.fd = fd
            lastHeard = now
        }
    }

    /// Creates the socket at `path` (its directory too), readable and writable by its owner
    /// and the `kiosk` group (when that group exists) only. A stale socket file is replaced;
    /// one with a live kiosk behind it is an error. `clock` is the loop's (CLOCK_MONOTONIC
    /// µs); tests pass a virtual one.
    public init(path: String, limits: Limits = Limits(), clock: any Clock = MonotonicClock(),
                report: @escaping (String) -> Void) throws(ControlError) {
        self.path = path
        self.limits = limits
        self.clock = clock
        self.report = report
        let directory = PathComponents.directory(of: path)
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw ControlError("cannot create the control socket's directory \(directory): \(error.fileErrorReason)")
            }
        }
        // Bound and listening under a staging name first, then renamed into place: a client
        // that sees the path can connect at once (a bound socket not yet listening refuses).
        let staging = path + ".new"
        guard var address = Self.address(staging), var target = Self.address(path) else {
            throw ControlError("cannot use \(path) as the control socket: the path is too long")
        }
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw ControlError.system("create the control socket", errno) }
        if Self.isLive(&target) {
            close(listener)
            throw ControlError("cannot listen on \(path): another kiosk is listening there")
        }
        unlink(staging)
        // Created 0660 from the start (no window in which others could connect).
        let oldMask = umask(0o117)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(oldMask)
        guard bound == 0, listen(listener, 16) == 0, rename(staging, path) == 0 else {
            let code = errno
            close(listener)
            unlink(staging)
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

    /// The socket address of `path`; nil when it is too long for one.
    private static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
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

    /// A client with lines waiting is not read from (its sender waits on the kernel's
    /// buffer) until they are answered.
    public var pollDescriptors: [pollfd] {
        [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            + clients.map { client in
                let read = client.backlog || client.hungUp ? 0 : Int16(POLLIN)
                return pollfd(fd: client.fd, events: read | (client.output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0)
            }
    }

    public func handle(_ ready: [pollfd]) {
        for entry in ready {
            if entry.fd == listener {
                acceptClients()
            } else if let client = clients.first(where: { $0.fd == entry.fd }) {
                if entry.revents & Int16(POLLOUT) != 0 { flush(client) }
                if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, isConnected(client), !client.backlog, !client.hungUp {
                    receive(client)
                    serve(client)
                    client.servedThisTurn = true
                }
            }
        }
    }

    /// Now when a client has lines waiting (the next turn answers more), else when the
    /// first quiet client reaches the idle timeout.
    public var nextDeadline: Int64? {
        if let due = clients.lazy.filter(\.backlog).map(\.backlogSince).min() { return due }
        return clients.lazy.filter { !$0.subscribed }.map { $0.lastHeard + self.limits.idleTimeout }.min()
    }

    public func advance(to now: Int64) {
        for client in clients where client.backlog && !client.servedThisTurn { serve(client) }
        for client in clients { client.servedThisTurn = false }
        for client in clients where !client.subscribed && !client.backlog && now - client.lastHeard >= limits.idleTimeout {
            disconnect(client, saying: "closed: nothing received for \(limits.idleTimeout / 1_000_000) s")
        }
    }

    // MARK: Clients

    /// Accepts up to `maxClients` newcomers per turn; past the limit each closes the client
    /// idle the longest, so an operator always gets in.
    private func acceptClients() {
        for _ in 0..<limits.maxClients {
            // Flagged as it is made: a program spawned in between would keep it open.
            let fd = kiosk_accept_cloexec(listener)
            guard fd >= 0 else { return }
            if clients.count >= limits.maxClients, let idlest = idlestClient() {
                report("control: \(limits.maxClients) clients; closing the one idle the longest")
                disconnect(idlest, saying: "closed: too many clients (\(limits.maxClients)); this one was idle the longest")
            }
            clients.append(Client(fd: fd, now: clock.now()))
        }
    }

    /// The client to close for a newcomer: one that never sent anything (the longest
    /// connected first), else the one heard from least recently; listeners (subscribers)
    /// only when all are.
    private func idlestClient() -> Client? {
        let quiet = clients.filter { !$0.subscribed }
        return (quiet.isEmpty ? clients : quiet).min { a, b in
            a.heard != b.heard ? !a.heard : a.lastHeard < b.lastHeard
        }
    }

    /// Reads what arrived, at most `readPerTurn` bytes.
    private func receive(_ client: Client) {
        let room = limits.readPerTurn
        let start = client.input.count
        client.input.append(contentsOf: repeatElement(0, count: room))
        let n = client.input.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress! + start, room, Int32(MSG_DONTWAIT)) }
        let code = errno
        client.input.removeLast(room - max(n, 0))
        if n == 0 {
            client.hungUp = true
        } else if n < 0 {
            if code != EAGAIN && code != EINTR { drop(client) }
        } else {
            client.lastHeard = clock.now()
            client.heard = true
        }
    }

    /// One turn for `client`: answers up to `requestsPerTurn` whole lines (a snapshot ends
    /// the turn) and leaves the rest for the next. Consumed bytes are removed once per turn
    /// and each byte is searched for a newline once, so a flood of short lines costs linear time.
    private func serve(_ client: Client) {
        var start = 0
        var answered = 0
        client.backlog = false
        defer {
            client.input.removeFirst(start)
            client.scanned -= start
            if client.hungUp && !client.backlog && isConnected(client) { disconnect(client, saying: nil) }
        }
        while isConnected(client) {
            guard answered < limits.requestsPerTurn else {
                client.backlog = start < client.input.count
                client.backlogSince = clock.now()
                return
            }
            guard let newline = client.input[client.scanned...].firstIndex(of: 10) else {
                client.scanned = client.input.count
                if client.input.count - start > limits.maxLineLength { closeForLongLine(client) }
                return
            }
            let line = client.input[start..<newline]
            start = newline + 1
            client.scanned = start
            if line.count > limits.maxLineLength {
                closeForLongLine(client)
                return
            }
            if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
            answered += 1
            if answer(line, from: client) == .snapshot {
                client.backlog = start < client.input.count
                client.backlogSince = clock.now()
                return
            }
        }
    }

    private enum Cost { case request, snapshot }

    private func answer(_ line: ArraySlice<UInt8>, from client: Client) -> Cost {
        do {
            let request = try ControlRequest(line: line)
            if request == .subscribe {
                client.subscribed = true
                send(ControlReply.ok(["subscribed": .bool(true)]), to: client)
            } else {
                send(perform(request), to: client)
            }
            if case .snapshot = request { return .snapshot }
        } catch {
            send(ControlReply.error(error.message), to: client)
        }
        return .request
    }

    private func closeForLongLine(_ client: Client) {
        disconnect(client, saying: "line longer than \(limits.maxLineLength) bytes; closing the connection")
    }

    /// Queues `line` and writes what the socket takes now; past `maxPending` the client
    /// is dropped with a last line saying why.
    private func send(_ line: String, to client: Client) {
        guard isConnected(client) else { return }
        let bytes = Array((line + "\n").utf8)
        if client.output.count + bytes.count > limits.maxPending {
            report("control: dropped a client that did not read (\(client.output.count) bytes waiting)")
            disconnect(client, saying: "dropped: the client did not read its replies (\(limits.maxPending) bytes waiting)")
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

    /// Sends what is queued and, when given, a last error line (as far as the socket takes
    /// them now), then closes.
    private func disconnect(_ client: Client, saying reason: String?) {
        guard isConnected(client) else { return }
        if let reason { client.output += Array((ControlReply.error(reason) + "\n").utf8) }
        flush(client)
        drop(client)
    }

    private func isConnected(_ client: Client) -> Bool { clients.contains { $0 === client } }

    private func drop(_ client: Client) {
        guard isConnected(client) else { return }
        close(client.fd)
        clients.removeAll { $0 === client }
    }
}
