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
/// No client or crowd of clients can stall the UI or lock the operator out (`Limits`). A
/// turn of the loop reads a bounded amount from each client and then answers a bounded
/// number of requests, all clients together, one at a time from the client answered least
/// recently (a quick `stats` is not kept behind others' snapshots). A snapshot's frame is
/// copied on the loop and its PNG encoded off it, one snapshot at a time: its reply comes in
/// a later turn, and its client's next requests wait for it, so each client's replies keep
/// their order. What is left waits for the next turn, after a frame, and a client with
/// a whole line waiting is not read from, so the kernel's socket buffer pushes back on its
/// sender. An over-long line closes its connection with an error line, a client that says
/// nothing for a while is closed, and when all places are taken a newcomer closes the client
/// idle the longest. A client that does not read its replies (a slow subscriber) is dropped
/// with a last error line once its pending output reaches `maxPending`. A bad line gets an
/// error reply and the connection stays usable. What a burst of requests leaves in the heap
/// goes back to the system once the socket has been quiet for a second.
public final class ControlServer: RunLoopSource {
    /// What the clients may cost the loop; documented defaults.
    public struct Limits: Sendable {
        /// The longest request line, bytes; a longer one gets an error and the connection is closed.
        public var maxLineLength = 16 * 1024
        /// Bytes a client may have waiting to be sent before it is dropped.
        public var maxPending = 256 * 1024
        /// Requests answered per turn of the loop, all clients together (at most one of them a
        /// snapshot, which draws and copies a frame). 32 busy clients get two each.
        public var requestsPerTurn = 64
        /// Time spent answering per turn, µs; once it is gone the rest waits for the next turn
        /// (the first request of a turn is always answered). 10 ms, so that a turn with a
        /// snapshot's copy and a frame stays well under 50 ms.
        public var workPerTurn: Int64 = 10_000
        /// Bytes read from a client per turn (only when no whole line of it is still waiting).
        public var readPerTurn = 16 * 1024
        /// Clients at once; one more closes the client idle the longest (one that never sent
        /// anything first, a subscriber last).
        public var maxClients = 32
        /// A client sending nothing for this long is closed, µs (a subscriber only listens, so
        /// it is exempt, as is one whose requests still wait). 60 s.
        public var idleTimeout: Int64 = 60_000_000
        /// Quiet after answering requests before the heap's free pages are given back to the
        /// system (malloc_trim), µs: glibc keeps what a burst freed otherwise. 1 s.
        public var trimDelay: Int64 = 1_000_000
        /// The shortest time between two such trims, µs (a trim walks the whole heap). 5 s.
        public var trimInterval: Int64 = 5_000_000

        public init() {}
    }

    /// The server's share of `kiosk ctl stats`: clients connected, and its busiest turn
    /// since the previous `takeLoad()` (requests answered, time spent answering them).
    public struct Load: Equatable, Sendable {
        public var clients = 0
        public var turnRequests = 0
        public var turnWork: Int64 = 0

        public init() {}
    }

    public let path: String
    /// Runs one request (everything but `subscribe`) and calls `reply` with its reply line, on
    /// the loop: at once, or for a snapshot once it is written (the client waits for it). A
    /// snapshot is asked for only when the previous one has been replied to.
    public var perform: (ControlRequest, _ reply: @escaping (String) -> Void) -> Void = { _, reply in
        reply(ControlReply.error("no kiosk attached"))
    }
    public var report: (String) -> Void
    public let limits: Limits

    private let listener: Int32
    private let clock: any Clock
    private var clients: [Client] = []
    /// Where every client's bytes are read into first: a client keeps only what it sent.
    private var readBuffer: [UInt8]
    /// Answers given so far: a client's `lastServed` is the count at its latest answer.
    private var answers = 0
    /// Since when some client has whole lines waiting (a fixed time, so the loop finds it
    /// due however far its clock moved on meanwhile); nil when none has.
    private var workSince: Int64?
    /// When requests were last answered with no trim since; nil once trimmed.
    private var lastWork: Int64?
    private var lastTrim: Int64 = .min / 2
    private var busiest = Load()
    /// A snapshot's reply is still to come: the next snapshot waits for it.
    private var snapshotInFlight = false

    private final class Client {
        let fd: Int32
        /// Received bytes; those before `consumed` are answered.
        var input: [UInt8] = []
        var consumed = 0
        /// How much of `input` is known to hold no newline (so each byte is searched once).
        var scanned = 0
        /// `input` may hold a whole line: until it is answered nothing more is read.
        var hasLines = false
        /// A snapshot taken off `input` while another was in flight or in a turn that had had
        /// its snapshot: the next to take.
        var heldSnapshot: ControlRequest?
        /// The reply to its latest request comes later (a snapshot being encoded): until it
        /// does, nothing more of it is answered.
        var awaitsReply = false
        /// The server's count of answers at this client's latest: the least recent goes first.
        var lastServed = 0
        /// The peer closed its end: answer what is waiting, then close.
        var hungUp = false
        var output: [UInt8] = []
        var subscribed = false
        /// When the client last sent something, or connected (the server's clock).
        var lastHeard: Int64
        /// It has sent something since it connected.
        var heard = false
        var isOpen = true

        init(fd: Int32, now: Int64) {
            self.fd = fd
            lastHeard = now
        }

        /// Requests of it wait to be answered.
        var isWaiting: Bool { hasLines || heldSnapshot != nil }

        /// It may be closed for saying nothing: it is no subscriber and nothing of it waits.
        var mayIdleOut: Bool { !subscribed && !isWaiting && !awaitsReply }

        /// It can be answered now: nothing of it is awaited and, when a snapshot of it is
        /// next, snapshots may be taken.
        func isReady(snapshotsOpen: Bool) -> Bool {
            !awaitsReply && (heldSnapshot != nil ? snapshotsOpen : hasLines)
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
        readBuffer = [UInt8](repeating: 0, count: limits.readPerTurn)
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

    /// Clients connected now and the busiest turn since the previous call.
    public func takeLoad() -> Load {
        defer { busiest = Load() }
        var load = busiest
        load.clients = clients.count
        return load
    }

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
                let read = client.hasLines || client.hungUp ? 0 : Int16(POLLIN)
                return pollfd(fd: client.fd, events: read | (client.output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0)
            }
    }

    /// Accepts, writes and reads; the requests read are answered by `advance(to:)`, due at
    /// once, so each turn answers within one budget.
    public func handle(_ ready: [pollfd]) {
        for entry in ready {
            if entry.fd == listener {
                acceptClients()
            } else if let client = clients.first(where: { $0.fd == entry.fd }) {
                if entry.revents & Int16(POLLOUT) != 0 { flush(client) }
                if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, client.isOpen, !client.hasLines, !client.hungUp {
                    receive(client)
                }
            }
        }
        if workSince == nil, hasReadyClients { workSince = clock.now() }
    }

    /// Some client can be answered in the next turn (nothing of it is awaited, and a
    /// snapshot of it only when none is in flight).
    private var hasReadyClients: Bool {
        clients.contains { $0.isReady(snapshotsOpen: !snapshotInFlight) }
    }

    /// Now when requests wait, else the heap's trim after a burst or the first quiet
    /// client's idle timeout, whichever comes first.
    public var nextDeadline: Int64? {
        if let workSince { return workSince }
        let idle = clients.lazy.filter(\.mayIdleOut).map { $0.lastHeard + self.limits.idleTimeout }.min()
        return [idle, trimDue].compactMap { $0 }.min()
    }

    public func advance(to now: Int64) {
        if let workSince, workSince <= now { serveTurn() }
        if workSince == nil, let trimDue, trimDue <= now {
            ProcessMemory.returnFreePages()
            lastTrim = now
            lastWork = nil
        }
        for client in clients where client.mayIdleOut && now - client.lastHeard >= limits.idleTimeout {
            disconnect(client, saying: "closed: nothing received for \(limits.idleTimeout / 1_000_000) s")
        }
    }

    /// When the heap's free pages go back to the system: a while after the last answer,
    /// and not sooner than `trimInterval` after the previous trim.
    private var trimDue: Int64? {
        lastWork.map { max($0 + limits.trimDelay, lastTrim + limits.trimInterval) }
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
        let n = readBuffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        let code = errno
        if n == 0 {
            client.hungUp = true
            client.hasLines = true
        } else if n < 0 {
            if code != EAGAIN && code != EINTR { drop(client) }
        } else {
            client.input += readBuffer[0..<n]
            client.hasLines = true
            client.lastHeard = clock.now()
            client.heard = true
        }
    }

    /// One turn's answers: a request at a time from the ready client answered least
    /// recently, until `requestsPerTurn` are answered or `workPerTurn` is spent. A snapshot
    /// met after the turn's one, or while one is in flight, is held, and its client waits
    /// with it.
    private func serveTurn() {
        let start = clock.now()
        var answered = 0
        var snapshotTaken = false
        while answered < limits.requestsPerTurn, answered == 0 || clock.now() - start < limits.workPerTurn,
              let client = clients.lazy.filter({ $0.isReady(snapshotsOpen: !snapshotTaken && !self.snapshotInFlight) })
                  .min(by: { $0.lastServed < $1.lastServed }) {
            let request: Result<ControlRequest, ControlError>
            if let held = client.heldSnapshot {
                client.heldSnapshot = nil
                request = .success(held)
            } else if let line = nextLine(of: client) {
                request = Result { () throws(ControlError) in try ControlRequest(line: line) }
            } else {
                continue
            }
            if case .success(let snapshot) = request, case .snapshot = snapshot {
                if snapshotTaken || snapshotInFlight {
                    client.heldSnapshot = snapshot
                    continue
                }
                snapshotTaken = true
            }
            answer(request, to: client)
            answered += 1
            answers += 1
            client.lastServed = answers
        }
        let now = clock.now()
        workSince = hasReadyClients ? now : nil
        if answered > 0 { lastWork = now }
        if answered > busiest.turnRequests { busiest.turnRequests = answered }
        busiest.turnWork = max(busiest.turnWork, now - start)
    }

    /// The client's next line that is not blank; nil when no whole line is left (the
    /// client is then read from again, or closed when it hung up or its line is too long).
    /// Each byte is searched for a newline once, so a flood of short lines costs linear time.
    private func nextLine(of client: Client) -> ArraySlice<UInt8>? {
        while let newline = client.input[client.scanned...].firstIndex(of: 10) {
            let line = client.input[client.consumed..<newline]
            client.consumed = newline + 1
            client.scanned = client.consumed
            if line.count > limits.maxLineLength {
                closeForLongLine(client)
                return nil
            }
            if !line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { return line }
        }
        // What is left is part of a line: kept in a buffer of its own size, so a burst's
        // room goes with it.
        client.input = Array(client.input[client.consumed...])
        client.scanned = client.input.count
        client.consumed = 0
        // A client that hung up stays waiting until it is closed (after a held snapshot).
        client.hasLines = client.hungUp
        if client.input.count > limits.maxLineLength {
            closeForLongLine(client)
        } else if client.hungUp && client.heldSnapshot == nil {
            disconnect(client, saying: nil)
        }
        return nil
    }

    private func answer(_ request: Result<ControlRequest, ControlError>, to client: Client) {
        switch request {
        case .success(.subscribe):
            client.subscribed = true
            send(ControlReply.ok(["subscribed": .bool(true)]), to: client)
        case .success(let request):
            let isSnapshot = if case .snapshot = request { true } else { false }
            client.awaitsReply = true
            snapshotInFlight = snapshotInFlight || isSnapshot
            perform(request) { [weak self] line in
                guard let self else { return }
                client.awaitsReply = false
                if isSnapshot { snapshotInFlight = false }
                send(line, to: client)
                // Given in a later turn: what waited for it is due now.
                if workSince == nil, hasReadyClients { workSince = clock.now() }
            }
        case .failure(let error):
            send(ControlReply.error(error.message), to: client)
        }
    }

    private func closeForLongLine(_ client: Client) {
        disconnect(client, saying: "line longer than \(limits.maxLineLength) bytes; closing the connection")
    }

    /// Queues `line` and writes what the socket takes now; past `maxPending` the client
    /// is dropped with a last line saying why.
    private func send(_ line: String, to client: Client) {
        guard client.isOpen else { return }
        let bytes = Array((line + "\n").utf8)
        if client.output.count + bytes.count > limits.maxPending {
            report("control: dropped a client that did not read (\(client.output.count) bytes waiting)")
            disconnect(client, saying: "dropped: the client did not read its replies (\(limits.maxPending) bytes waiting)")
            return
        }
        client.output += bytes
        flush(client)
    }

    /// Writes what the socket takes now; once all is written the buffer's room goes too.
    private func flush(_ client: Client) {
        while !client.output.isEmpty {
            let n = client.output.withUnsafeBytes {
                Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if n == client.output.count {
                client.output = []
            } else if n > 0 {
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
        guard client.isOpen else { return }
        if let reason { client.output += Array((ControlReply.error(reason) + "\n").utf8) }
        flush(client)
        drop(client)
    }

    private func drop(_ client: Client) {
        guard client.isOpen else { return }
        client.isOpen = false
        close(client.fd)
        clients.removeAll { $0 === client }
    }
}
