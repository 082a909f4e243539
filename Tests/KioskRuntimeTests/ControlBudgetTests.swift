import Foundation
import KioskCore
import KioskGraphics
import KioskRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC as a busy loop sees it: moved on a little every time it is read.
struct TickingClock: Clock {
    let base = ManualClock(1_000_000)

    func now() -> Microseconds {
        base.advance(by: 1)
        return base.now()
    }
}

/// One turn of the run loop for `server`: what is ready now, then what is due on `clock`
/// after that, as the scheduler does it.
func turn(_ server: ControlServer, on clock: any Clock) {
    var fds = server.pollDescriptors
    if poll(&fds, nfds_t(fds.count), 0) > 0 { server.handle(fds.filter { $0.revents != 0 }) }
    let now = clock.now()
    if let due = server.nextDeadline, due <= now { server.advance(to: now) }
}

extension SocketClient {
    /// True once the server has closed this connection (what it sent before is read and
    /// dropped; a close with requests left unread is a reset).
    func isClosed() -> Bool {
        _ = lines()
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return n == 0 || (n < 0 && errno != EAGAIN)
    }

    /// True once the server's close of this connection arrives, waiting up to 5 s for it.
    /// Tests run side by side in one process, and a program another test spawns holds a copy
    /// of every descriptor from its fork until it execs: a close made in between shows here
    /// only then. Returns as soon as it shows, so a passing test does not wait.
    func closes() -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while !isClosed() {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            // A close makes the socket readable (end of file, or a reset).
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, Int32((left / .milliseconds(1)).rounded(.up)))
        }
        return true
    }
}

@Suite("Control socket budgets", .serialized)
struct ControlBudgetTests {
    @Test("One budget per turn for all clients together, shared round-robin: a crowd's floods wait, the operator is answered at once")
    func oneBudget() throws {
        let clock = ManualClock(1_000_000)
        let kiosk = try ControlledKiosk(clock: clock)
        let budget = ControlServer.Limits().requestsPerTurn
        // Each accepted as it comes: the listening socket's backlog holds 16.
        let crowd = try (0..<31).map { _ in
            defer { turn(kiosk.server, on: clock) }
            return try SocketClient(path: kiosk.path)
        }
        let operator_ = try SocketClient(path: kiosk.path)
        turn(kiosk.server, on: clock)
        for client in crowd { client.send(String(repeating: "\n" + #"{"cmd":"stats"}"# + "\n", count: 100)) }
        operator_.send(#"{"cmd":"screen","screen":"settings"}"# + "\n")
        turn(kiosk.server, on: clock)
        #expect(operator_.lines() == [#"{"ok":true,"screen":"settings"}"#])
        var replies = crowd.map { $0.lines().count }
        #expect(replies.reduce(0, +) == budget - 1)
        #expect(replies.allSatisfy { (2...3).contains($0) }, "\(replies)")
        // The rest is answered over the next turns, a budget each, in order; the server asks
        // to be woken while lines wait.
        var turns = 1
        while replies.reduce(0, +) < 3100 && turns < 100 {
            #expect(try #require(kiosk.server.nextDeadline) <= clock.now())
            turn(kiosk.server, on: clock)
            let got = crowd.map { $0.lines() }
            #expect(got.joined().count <= budget)
            #expect(got.joined().allSatisfy { $0.hasPrefix(#"{"ok":true,"screen":""#) })
            replies = zip(replies, got).map { $0 + $1.count }
            turns += 1
        }
        #expect(replies.allSatisfy { $0 == 100 })
        #expect(turns == (3101 + budget - 1) / budget)
        #expect(kiosk.server.nextDeadline.map { $0 > clock.now() } ?? true, "nothing waits any more")
        let load = kiosk.server.takeLoad()
        #expect(load.clients == 32 && load.turnRequests == budget)
        #expect(kiosk.server.takeLoad().turnRequests == 0, "taken afresh")
    }

    @Test("One snapshot at a time, encoded off the loop: the turn that takes it answers others, its reply and then its client's next come after the encode, the client answered least recently first")
    func oneSnapshotAtATime() throws {
        let clock = ManualClock(1_000_000)
        let kiosk = try ControlledKiosk(clock: clock)
        let names = (0..<3).map { "kiosk-budget-\(getpid())-\($0).png" }
        defer { for name in names { unlink("/tmp/" + name) } }
        let shooters = try names.map { _ in try SocketClient(path: kiosk.path) }
        let operator_ = try SocketClient(path: kiosk.path)
        turn(kiosk.server, on: clock)
        for (client, name) in zip(shooters, names) {
            client.send(#"{"cmd":"snapshot","path":"\#(name)"}"# + "\n" + #"{"cmd":"screen","screen":"nowhere"}"# + "\n")
        }
        operator_.send(#"{"cmd":"screen","screen":"nowhere"}"# + "\n")
        let shot = { (index: Int) in #"{"ok":true,"path":"/tmp/\#(names[index])","width":400,"height":200}"# }
        let screen = #"{"ok":false,"error":"unknown screen \"nowhere\" (screens: main, settings)"}"#
        turn(kiosk.server, on: clock)
        // The first shooter's frame is copied; its reply waits for the encoder, and its next
        // request waits behind it. The operator is answered in the same turn.
        #expect(shooters.map { $0.lines() } == [[], [], []])
        #expect(operator_.lines() == [screen])
        #expect(kiosk.server.nextDeadline.map { $0 > clock.now() } ?? true, "no turn is due while only the encoder works")
        for index in 0..<3 {
            #expect(kiosk.finishSnapshot())
            turn(kiosk.server, on: clock)
            var expected: [[String]] = [[], [], []]
            expected[index] = [shot(index), screen]
            #expect(shooters.map { $0.lines() } == expected)
        }
        #expect(!kiosk.finishSnapshot(), "nothing more in flight")
        #expect(kiosk.encoder.encodes == 1)
    }

    @Test("A flood of snapshot requests costs one PNG encode per frame, one snapshot at a time")
    func snapshotsCoalesce() throws {
        let clock = ManualClock(1_000_000)
        let kiosk = try ControlledKiosk(clock: clock)
        let flooder = try SocketClient(path: kiosk.path)
        let name = "kiosk-budget-snapshot-\(getpid()).png"
        defer { unlink("/tmp/" + name) }
        turn(kiosk.server, on: clock)
        flooder.send(String(repeating: #"{"cmd":"snapshot","path":"\#(name)"}"# + "\n", count: 40))
        turn(kiosk.server, on: clock)
        #expect(flooder.lines() == [])
        #expect(kiosk.finishSnapshot())
        #expect(flooder.lines() == [#"{"ok":true,"path":"/tmp/\#(name)","width":400,"height":200}"#])
        for _ in 0..<39 {
            turn(kiosk.server, on: clock)
            #expect(kiosk.finishSnapshot())
        }
        #expect(flooder.lines().count == 39)
        #expect(kiosk.encoder.encodes == 1)
        // A change makes the next snapshot a new picture.
        flooder.send(#"{"cmd":"set","button":"tap","title":"Changed"}"# + "\n" + #"{"cmd":"snapshot","path":"\#(name)"}"# + "\n")
        #expect(flooder.read(2, from: kiosk).count == 2)
        #expect(kiosk.encoder.encodes == 2)
        let shot = try Canvas(pngFile: "/tmp/" + name)
        var differences = 0
        for y in 0..<200 {
            for x in 0..<400 where shot.argb(x: x, y: y) != kiosk.canvas.argb(x: x, y: y) { differences += 1 }
        }
        #expect(differences == 0)
    }

    @Test("An over-long line gets an error and its connection is closed; others go on")
    func longLine() throws {
        let clock = ManualClock(1_000_000)
        let kiosk = try ControlledKiosk(clock: clock)
        let long = try SocketClient(path: kiosk.path), unfinished = try SocketClient(path: kiosk.path)
        let other = try SocketClient(path: kiosk.path)
        long.send(String(repeating: "x", count: 5000) + "\n" + #"{"cmd":"stats"}"# + "\n")
        unfinished.send(String(repeating: "y", count: 3000))
        other.send(#"{"cmd":"stats"}"# + "\n")
        for _ in 0..<3 { turn(kiosk.server, on: clock) }
        #expect(long.lines() == [#"{"ok":false,"error":"line longer than 1024 bytes; closing the connection"}"#])
        #expect(long.closes())
        #expect(unfinished.lines() == [#"{"ok":false,"error":"line longer than 1024 bytes; closing the connection"}"#])
        #expect(unfinished.closes())
        #expect(other.lines().count == 1)
        #expect(kiosk.server.clientCount == 1)
    }

    @Test("Lines left for the next turn are answered though the clock moves on while the loop runs")
    func backlogOnAMovingClock() throws {
        // Like CLOCK_MONOTONIC, the clock has moved on every time it is read.
        let clock = TickingClock()
        let kiosk = try ControlledKiosk(clock: clock)
        let client = try SocketClient(path: kiosk.path)
        turn(kiosk.server, on: clock)
        client.send(String(repeating: #"{"cmd":"stats"}"# + "\n", count: 54))
        var replies: [String] = []
        for _ in 0..<10 where replies.count < 54 {
            turn(kiosk.server, on: clock)
            replies += client.lines()
        }
        #expect(replies.count == 54)
    }

    @Test("A client that says nothing for the idle timeout is closed, on the loop's clock; a subscriber stays")
    func idleTimeout() throws {
        let clock = ManualClock(1_000_000)
        // The heap is trimmed right after answering, so only the idle timeouts fall due.
        var limits = ControlledKiosk.limits
        limits.trimDelay = 0
        limits.trimInterval = 0
        let kiosk = try ControlledKiosk(limits: limits, clock: clock)
        let quiet = try SocketClient(path: kiosk.path), talker = try SocketClient(path: kiosk.path)
        let listener = try SocketClient(path: kiosk.path)
        turn(kiosk.server, on: clock)
        listener.send(#"{"cmd":"subscribe"}"# + "\n")
        turn(kiosk.server, on: clock)
        let timeout = ControlServer.Limits().idleTimeout
        #expect(timeout == 60_000_000)
        #expect(kiosk.server.nextDeadline == clock.now() + timeout)
        clock.advance(by: timeout / 2)
        talker.send(#"{"cmd":"stats"}"# + "\n")
        turn(kiosk.server, on: clock)
        clock.advance(by: timeout / 2 - 1)
        turn(kiosk.server, on: clock)
        #expect(kiosk.server.clientCount == 3)
        clock.advance(by: 1)
        turn(kiosk.server, on: clock)
        #expect(quiet.lines() == [#"{"ok":false,"error":"closed: nothing received for 60 s"}"#])
        #expect(quiet.closes())
        #expect(kiosk.server.clientCount == 2)
        #expect(kiosk.server.nextDeadline == clock.now() + timeout / 2)
        clock.advance(by: timeout / 2)
        turn(kiosk.server, on: clock)
        #expect(talker.closes())
        #expect(!listener.isClosed())
        #expect(kiosk.server.clientCount == 1)
    }

    @Test("The heap is trimmed once the socket has been quiet for a second after answering, at most every 5 s")
    func trimAfterBurst() throws {
        let clock = ManualClock(1_000_000)
        let kiosk = try ControlledKiosk(clock: clock)
        let limits = ControlServer.Limits()
        let client = try SocketClient(path: kiosk.path)
        turn(kiosk.server, on: clock)
        #expect(kiosk.server.nextDeadline == clock.now() + limits.idleTimeout, "no trim before any request")
        client.send(String(repeating: #"{"cmd":"stats"}"# + "\n", count: 10))
        turn(kiosk.server, on: clock)
        #expect(client.lines().count == 10)
        #expect(kiosk.server.nextDeadline == clock.now() + limits.trimDelay)
        // More requests put it off.
        clock.advance(by: limits.trimDelay / 2)
        client.send(#"{"cmd":"stats"}"# + "\n")
        turn(kiosk.server, on: clock)
        let heard = clock.now()
        #expect(kiosk.server.nextDeadline == heard + limits.trimDelay)
        clock.advance(by: limits.trimDelay)
        turn(kiosk.server, on: clock)
        let trimmed = clock.now()
        #expect(kiosk.server.nextDeadline == heard + limits.idleTimeout, "trimmed; only the idle timeout is left")
        // The next burst's trim waits for the interval since this one.
        client.send(#"{"cmd":"stats"}"# + "\n")
        turn(kiosk.server, on: clock)
        #expect(kiosk.server.nextDeadline == trimmed + limits.trimInterval)
        #expect(client.lines().count == 2)
    }

    @Test("With every place taken, a newcomer closes the client idle the longest (a subscriber last) and is answered")
    func connectionLimit() throws {
        let clock = ManualClock(1_000_000)
        var limits = ControlledKiosk.limits
        limits.maxClients = 3
        let kiosk = try ControlledKiosk(limits: limits, clock: clock)
        var clients: [SocketClient] = []
        for index in 0..<3 {
            clients.append(try SocketClient(path: kiosk.path))
            turn(kiosk.server, on: clock)
            if index == 0 { clients[0].send(#"{"cmd":"subscribe"}"# + "\n") }
            if index == 1 { clients[1].send(#"{"cmd":"stats"}"# + "\n") }
            turn(kiosk.server, on: clock)
            clock.advance(by: 1_000_000)
        }
        _ = clients.map { $0.lines() }
        // clients[2] never sent anything: it goes first, though it connected after clients[1] last spoke.
        clock.advance(by: 1_000_000)
        let newcomer = try SocketClient(path: kiosk.path)
        newcomer.send(#"{"cmd":"stats"}"# + "\n")
        turn(kiosk.server, on: clock)
        turn(kiosk.server, on: clock)
        #expect(clients[2].lines() == [#"{"ok":false,"error":"closed: too many clients (3); this one was idle the longest"}"#])
        #expect(clients[2].closes())
        #expect(newcomer.lines().count == 1)
        #expect(!clients[0].isClosed() && !clients[1].isClosed())
        #expect(kiosk.server.clientCount == 3)
        // Then the one heard from least recently: clients[1], not the subscriber.
        clock.advance(by: 1_000_000)
        let third = try SocketClient(path: kiosk.path)
        turn(kiosk.server, on: clock)
        #expect(clients[1].closes())
        #expect(!clients[0].isClosed() && !newcomer.isClosed())
        _ = third
        #expect(kiosk.reports.contains("control: 3 clients; closing the one idle the longest"))
    }

    @Test("A client that closes its end still gets the replies to what it sent")
    func halfClosed() throws {
        let clock = ManualClock(1_000_000)
        let kiosk = try ControlledKiosk(clock: clock)
        let client = try SocketClient(path: kiosk.path)
        client.send(String(repeating: #"{"cmd":"stats"}"# + "\n", count: 40))
        shutdown(client.fd, Int32(SHUT_WR))
        for _ in 0..<5 { turn(kiosk.server, on: clock) }
        #expect(client.lines().count == 40)
        #expect(client.closes())
        #expect(kiosk.server.clientCount == 0)
    }
}

@Suite("Snapshot directory")
struct SnapshotDirectoryTests {
    let base = NSTemporaryDirectory() + "kiosk-snapshots-\(getpid())"

    func make() throws -> SnapshotDirectory {
        try? FileManager.default.removeItem(atPath: base)
        try FileManager.default.createDirectory(atPath: base + "/sub", withIntermediateDirectories: true)
        return SnapshotDirectory(path: base)
    }

    func refusal(_ directory: SnapshotDirectory, _ path: String) -> String? {
        do {
            _ = try directory.resolve(path)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("A relative name goes inside; an absolute path only when inside; anything else is refused naming the directory")
    func resolve() throws {
        let directory = try make()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let resolved = try #require(realpath(base, nil))
        let real = String(cString: resolved)
        free(resolved)
        #expect(try directory.resolve("now.png") == real + "/now.png")
        #expect(try directory.resolve("sub/now.png") == real + "/sub/now.png")
        #expect(try directory.resolve("./sub/../now.png") == real + "/now.png")
        #expect(try directory.resolve(base + "/now.png") == real + "/now.png")
        #expect(refusal(directory, "/etc/passwd") == "snapshot paths must be inside \(base) (a relative name is put there): /etc/passwd")
        #expect(refusal(directory, "../now.png")?.hasPrefix("snapshot paths must be inside \(base)") == true)
        #expect(refusal(directory, base + "/../x.png")?.hasPrefix("snapshot paths must be inside") == true)
        #expect(refusal(directory, "nowhere/now.png")?.hasPrefix("cannot write nowhere/now.png: no such directory") == true)
        // A link to a directory that leads out is refused; a link planted as the file is replaced, never followed.
        #expect(symlink("/etc", base + "/out") == 0)
        #expect(refusal(directory, "out/passwd")?.hasPrefix("snapshot paths must be inside") == true)
        #expect(symlink("/tmp/kiosk-elsewhere-\(getpid())", base + "/link.png") == 0)
        let file = try directory.resolve("link.png")
        try directory.write([1, 2, 3], to: file)
        #expect(access("/tmp/kiosk-elsewhere-\(getpid())", F_OK) != 0, "the link was followed")
        var status = stat()
        #expect(lstat(base + "/link.png", &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG, "the link was not replaced by the file")
        try directory.write([1, 2, 3], to: try directory.resolve("ok.bin"))
        #expect(FileManager.default.contents(atPath: base + "/ok.bin") == Data([1, 2, 3]))
    }

    @Test("The default is the control socket's directory")
    func defaultDirectory() {
        #expect(SnapshotDirectory(socketPath: "/run/kiosk/control.sock").path == "/run/kiosk")
        #expect(SnapshotDirectory(socketPath: "control.sock").path == FileManager.default.currentDirectoryPath)
    }

    @Test("A snapshot outside the directory is an error reply naming it; nothing is written")
    func throughTheSocket() throws {
        let kiosk = try ControlledKiosk()
        let client = try SocketClient(path: kiosk.path)
        client.send(#"{"cmd":"snapshot","path":"/var/tmp/kiosk-nope.png"}"# + "\n")
        #expect(client.read(1, from: kiosk)
                == [#"{"ok":false,"error":"snapshot paths must be inside /tmp (a relative name is put there): /var/tmp/kiosk-nope.png"}"#])
        #expect(access("/var/tmp/kiosk-nope.png", F_OK) != 0)
        #expect(kiosk.encoder.encodes == 0)
    }
}
