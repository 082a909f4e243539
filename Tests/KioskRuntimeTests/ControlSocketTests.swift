import Foundation
import KioskControl
import KioskCore
import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
import KioskRuntime
import KioskScreenFiles
import KioskViews
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A client of the control socket, nonblocking, read by polling the server in between.
final class SocketClient {
    let fd: Int32
    private var pending: [UInt8] = []

    init(path: String) throws {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
            raw[path.utf8.count] = 0
        }
        // Close-on-exec: a program another test spawns meanwhile must not hold it open.
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(result == 0, "cannot connect to \(path)")
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    /// Sends as much of `text` as the socket takes now; returns the bytes sent.
    @discardableResult
    func send(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return max(n, 0)
    }

    /// Lines that have arrived.
    func lines() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            pending += buffer[0..<n]
        }
        var result: [String] = []
        while let newline = pending.firstIndex(of: 10) {
            result.append(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeFirst(newline + 1)
        }
        return result
    }

    /// Pumps `kiosk`'s server and snapshot encoder until `count` lines arrived here.
    func read(_ count: Int, from kiosk: ControlledKiosk) -> [String] {
        var got: [String] = []
        pump(kiosk.sources, now: kiosk.clock.now) {
            got += lines()
            return got.count >= count
        }
        return got
    }
}

/// A control server and its snapshot encoder as one source: polled together, the encoder's
/// descriptor handed to it after the server's, as the run loop orders them.
final class ControlSources: RunLoopSource {
    let server: ControlServer
    let encoder: SnapshotEncoder

    init(server: ControlServer, encoder: SnapshotEncoder) {
        self.server = server
        self.encoder = encoder
    }

    var pollDescriptors: [pollfd] { server.pollDescriptors + encoder.pollDescriptors }

    func handle(_ ready: [pollfd]) {
        let encoderDescriptors = Set(encoder.pollDescriptors.map(\.fd))
        server.handle(ready.filter { !encoderDescriptors.contains($0.fd) })
        let encoded = ready.filter { encoderDescriptors.contains($0.fd) }
        if !encoded.isEmpty { encoder.handle(encoded) }
    }

    var nextDeadline: Int64? { server.nextDeadline }

    func advance(to now: Int64) { server.advance(to: now) }
}

/// A screen file kiosk with a control socket, driven by hand.
final class ControlledKiosk {
    static let toml = """
        [[screens]]
        id = "main"
        columns = 2
        [[screens.buttons]]
        id = "tap"
        title = "Before"
        [[screens.buttons]]
        id = "other"
        title = "Other"
        goto = "settings"
        [[screens]]
        id = "settings"
        [[screens.buttons]]
        id = "back"
        title = "Back"
        goto = "main"
        """
    /// Unique, as suites run in parallel.
    let path = "/tmp/kiosk-control-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
    let overrides = ButtonOverrides()
    let host: UIHost
    let scene: HostScene
    let server: ControlServer
    let encoder: SnapshotEncoder
    /// The server and the encoder, as the run loop polls them.
    let sources: ControlSources
    let controller: KioskController
    let canvas: Canvas
    /// Bumped when the canvas is drawn, as the run loop's canvasGeneration is.
    var generation = 0
    var log: [String] = []
    var reports: [String] = []

    /// The server's clock: by default one that stands still, so no client idles out.
    let clock: any Clock

    init(limits: ControlServer.Limits = ControlledKiosk.limits, clock: any Clock = ManualClock(1_000_000)) throws {
        self.clock = clock
        let file = try ScreenFile(parsing: Self.toml, path: "control.toml")
        host = file.makeHost(size: Size(width: 400, height: 200), textEngine: try KioskTextEngine(), overrides: overrides) { _ in }
        canvas = try Canvas(width: 400, height: 200)
        var publish: (String) -> Void = { _ in }
        scene = HostScene(host: host, start: 0) { publish($0) }
        var report: (String) -> Void = { _ in }
        server = try ControlServer(path: path, limits: limits, clock: clock) { report($0) }
        encoder = try SnapshotEncoder()
        sources = ControlSources(server: server, encoder: encoder)
        var frame: () -> KioskController.Frame = { fatalError("not attached") }
        controller = KioskController(scene: scene, buttons: ["tap", "other", "back"], overrides: overrides,
                                     snapshots: SnapshotDirectory(socketPath: path), encoder: encoder, currentFrame: { frame() },
                                     stats: { KioskStats() })
        report = { [unowned self] in reports.append($0) }
        publish = { [unowned self] line in
            log.append(line)
            server.publish(line)
        }
        frame = { [unowned self] in
            if host.needsFrame {
                host.render(into: canvas)
                generation += 1
            }
            return KioskController.Frame(canvas: canvas, generation: generation)
        }
        server.perform = controller.perform
        host.render(into: canvas)
    }

    /// The server's defaults with a short line limit.
    static var limits: ControlServer.Limits {
        var limits = ControlServer.Limits()
        limits.maxLineLength = 1024
        return limits
    }

    /// Waits (up to 10 s) for the snapshot in flight to be written and hands it to the loop's
    /// side, as the run loop does when the encoder's descriptor is readable; false when none
    /// was in flight or it did not come.
    func finishSnapshot() -> Bool {
        var fds = encoder.pollDescriptors
        guard !fds.isEmpty, poll(&fds, nfds_t(fds.count), 10_000) == 1 else { return false }
        encoder.handle(fds)
        return true
    }

    func tap(_ button: String, at time: Microseconds) throws {
        let center = try #require(host.frame(ofButton: button)).center
        for (phase, t) in [(TouchPhase.down, time), (.up, time + 50_000)] {
            scene.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: phase, location: TouchLocation(x: center.x, y: center.y),
                                                        timestamp: t)], timestamp: t))
        }
    }
}

@MainActor
@Suite("Control socket", .serialized)
struct ControlSocketTests {
    @Test("Requests parse by the wire format; what is wrong is said")
    func parsing() throws {
        func parse(_ text: String) -> Result<ControlRequest, ControlError> {
            Result { () throws(ControlError) in try ControlRequest(line: Array(text.utf8)) }
        }
        #expect(try parse(#"{"cmd":"set","button":"tap","title":"Hi"}"#).get()
                == .set(button: "tap", title: [ScreenFile.TitleRun(text: "Hi")], disabled: nil, hidden: nil))
        #expect(try parse(##"{"cmd":"set","button":"tap","title":[{"text":"A","bold":true,"size":30,"color":"#FF0000"}],"hidden":true}"##).get()
                == .set(button: "tap", title: [ScreenFile.TitleRun(text: "A", bold: true, size: 30, color: try PixelColor(hex: "#FF0000"))],
                        disabled: nil, hidden: true))
        #expect(try parse(#"{"cmd":"set","button":"tap","title":[{"text":"Old","strikethrough":true},{"text":"New","underline":true}]}"#).get()
                == .set(button: "tap", title: [ScreenFile.TitleRun(text: "Old", strikethrough: true), ScreenFile.TitleRun(text: "New", underline: true)],
                        disabled: nil, hidden: nil))
        #expect(try parse(#"{"cmd":"screen","screen":"settings"}"#).get() == .screen("settings"))
        #expect(try parse(#"{"cmd":"language","language":"pt_br"}"#).get() == .language("pt-BR"))
        #expect(try parse(#"{"cmd":"snapshot","path":"/tmp/now.png"}"#).get() == .snapshot(path: "/tmp/now.png"))
        #expect(try parse(#"{"cmd":"subscribe"}"#).get() == .subscribe)
        #expect(try parse(#"{"cmd":"stats"}"#).get() == .stats)
        let errors: [(String, String)] = [
            ("{bad", "malformed JSON"),
            ("[1,2]", "a request must be a JSON object"),
            (#"{"button":"x"}"#, "missing \"cmd\""),
            (#"{"cmd":"reboot"}"#, "unknown command \"reboot\""),
            (#"{"cmd":"language","language":"Deutsch!"}"#, "\"language\": \"Deutsch!\" is not a language tag (like \"de\" or \"pt-BR\")"),
            (#"{"cmd":"language","language":"xx"}"#, "\"language\": unknown language \"xx\" (like \"de\" or \"pt-BR\")"),
            (#"{"cmd":"set","button":"tap"}"#, "set needs at least one of title, disabled, hidden"),
            (#"{"cmd":"set","button":"tap","colour":"red"}"#, "unknown key \"colour\" for set"),
            (#"{"cmd":"set","button":"tap","disabled":"yes"}"#, "\"disabled\" must be true or false"),
            (#"{"cmd":"set","button":"tap","title":[{"text":"A","blink":true}]}"#, "title run 0: unknown key \"blink\""),
            (##"{"cmd":"set","button":"tap","title":[{"text":"A","color":"#GG0000"}]}"##, "title run 0: invalid colour"),
            (#"{"cmd":"screen"}"#, "screen needs \"screen\""),
        ]
        for (line, message) in errors {
            switch parse(line) {
            case .success(let request): Issue.record("\(line) parsed as \(request)")
            case .failure(let error): #expect(error.message.hasPrefix(message), "\(line): \(error.message)")
            }
        }
    }

    @Test("set and screen change what a snapshot shows; bad requests get errors on a usable connection")
    func commandsChangeTheSnapshot() throws {
        let kiosk = try ControlledKiosk()
        let client = try SocketClient(path: kiosk.path)
        let before = "/tmp/kiosk-control-before-\(getpid()).png", after = "/tmp/kiosk-control-after-\(getpid()).png"
        defer { unlink(before); unlink(after) }
        client.send(#"{"cmd":"snapshot","path":"\#(before)"}"# + "\n")
        client.send(#"{"cmd":"set","button":"tap","title":"Hi"}"# + "\n")
        client.send(#"{"cmd":"set","button":"nope","title":"Hi"}"# + "\n")
        client.send("{not json\n")
        client.send(#"{"cmd":"set","button":"other","hidden":true}"# + "\n")
        client.send(#"{"cmd":"snapshot","path":"\#(after)"}"# + "\n")
        let replies = client.read(6, from: kiosk)
        #expect(replies.count == 6)
        #expect(replies[0] == #"{"ok":true,"path":"\#(before)","width":400,"height":200}"#)
        #expect(replies[1] == #"{"ok":true}"#)
        #expect(replies[2] == #"{"ok":false,"error":"unknown button \"nope\" (buttons: back, other, tap)"}"#)
        #expect(replies[3].hasPrefix(#"{"ok":false,"error":"malformed JSON"#))
        #expect(replies[4] == #"{"ok":true}"#)

        // The snapshot after is the same file with "Hi" and no "Other": drawn from scratch.
        let expected = try ScreenFile(parsing: ControlledKiosk.toml.replacingOccurrences(of: "\"Before\"", with: "\"Hi\""),
                                      path: "expected.toml")
            .makeHost(size: Size(width: 400, height: 200), textEngine: try KioskTextEngine()) { _ in }
        let overrides = ButtonOverrides()
        overrides.setHidden(true, for: "other")
        let reference = try ScreenFile(parsing: ControlledKiosk.toml.replacingOccurrences(of: "\"Before\"", with: "\"Hi\""), path: "e.toml")
            .makeHost(size: Size(width: 400, height: 200), textEngine: try KioskTextEngine(), overrides: overrides) { _ in }
        let canvas = try Canvas(width: 400, height: 200)
        reference.render(into: canvas)
        let shot = try Canvas(pngFile: after)
        let old = try Canvas(pngFile: before)
        var differences = 0, changed = 0
        for y in 0..<200 {
            for x in 0..<400 {
                if shot.argb(x: x, y: y) != canvas.argb(x: x, y: y) { differences += 1 }
                if shot.argb(x: x, y: y) != old.argb(x: x, y: y) { changed += 1 }
            }
        }
        #expect(differences == 0)
        #expect(changed > 1000)
        // The hidden button takes no touches: its cell stays, nothing presses there.
        let otherFrame = try #require(expected.frame(ofButton: "other"))
        kiosk.scene.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .down, location: TouchLocation(x: otherFrame.center.x, y: otherFrame.center.y), timestamp: 1_000_000)], timestamp: 1_000_000))
        kiosk.scene.handle(TouchFrame(events: [TouchEvent(slot: 0, phase: .up, location: TouchLocation(x: otherFrame.center.x, y: otherFrame.center.y), timestamp: 1_050_000)], timestamp: 1_050_000))
        #expect(kiosk.log.isEmpty, "\(kiosk.log)")

        client.send(#"{"cmd":"screen","screen":"settings"}"# + "\n" + #"{"cmd":"screen","screen":"nowhere"}"# + "\n")
        let switched = client.read(2, from: kiosk)
        #expect(switched == [#"{"ok":true,"screen":"settings"}"#,
                             #"{"ok":false,"error":"unknown screen \"nowhere\" (screens: main, settings)"}"#])
        #expect(kiosk.host.currentScreen == "settings")
        #expect(kiosk.log.last?.hasSuffix(#""event":"screen","screen":"settings"}"#) == true, "\(kiosk.log)")

        client.send(#"{"cmd":"language","language":"he"}"# + "\n")
        #expect(client.read(1, from: kiosk) == [#"{"ok":true,"language":"he"}"#])
        #expect(kiosk.host.locale.identifier == "he")
        #expect(kiosk.host.needsFrame, "the language switch asks for a frame")
    }

    @Test("subscribe streams the event log; many clients at once")
    func subscribeSeesTaps() throws {
        let kiosk = try ControlledKiosk()
        let a = try SocketClient(path: kiosk.path), b = try SocketClient(path: kiosk.path)
        a.send(#"{"cmd":"subscribe"}"# + "\n")
        b.send(#"{"cmd":"subscribe"}"# + "\n")
        #expect(a.read(1, from: kiosk) == [#"{"ok":true,"subscribed":true}"#])
        #expect(b.read(1, from: kiosk) == [#"{"ok":true,"subscribed":true}"#])
        try kiosk.tap("tap", at: 100_000)
        let expected = [#"{"t_ms":100,"button":"tap","event":"pressed"}"#, #"{"t_ms":150,"button":"tap","event":"released"}"#,
                        #"{"t_ms":150,"button":"tap","event":"triggered","cause":"tap"}"#]
        #expect(a.read(3, from: kiosk) == expected)
        #expect(b.read(3, from: kiosk) == expected)
        #expect(kiosk.server.clientCount == 2)
    }

    @Test("A flood of bad requests leaves the kiosk responsive; a slow subscriber is dropped")
    func flood() throws {
        var limits = ControlledKiosk.limits
        limits.maxPending = 64 * 1024
        let kiosk = try ControlledKiosk(limits: limits)
        let flooder = try SocketClient(path: kiosk.path)
        let good = try SocketClient(path: kiosk.path)
        let slow = try SocketClient(path: kiosk.path)
        slow.send(#"{"cmd":"subscribe"}"# + "\n")
        var replies: [String] = []
        for round in 0..<20 {
            flooder.send(String(repeating: "{garbage\n{\"cmd\":\"nope\"}\n", count: 50))
            good.send(#"{"cmd":"stats"}"# + "\n")
            #expect(good.read(1, from: kiosk).first?.hasPrefix(#"{"ok":true,"screen":"main""#) == true, "round \(round)")
            replies += flooder.lines()
        }
        pump(kiosk.server, now: kiosk.clock.now) {
            replies += flooder.lines()
            return replies.count >= 20 * 100
        }
        #expect(replies.count == 20 * 100, "\(replies.count) replies")
        #expect(replies.allSatisfy { $0.hasPrefix(#"{"ok":false,"error":""#) })

        // The slow subscriber never reads: publishing goes on without waiting for it.
        let line = #"{"t_ms":0,"button":"tap","event":"pressed"}"#
        for _ in 0..<50_000 { kiosk.server.publish(line) }
        #expect(kiosk.server.clientCount == 2)
        #expect(kiosk.reports.contains { $0.hasPrefix("control: dropped a client that did not read") }, "\(kiosk.reports)")
        good.send(#"{"cmd":"set","button":"tap","title":"Still here"}"# + "\n")
        #expect(good.read(1, from: kiosk) == [#"{"ok":true}"#])
        try kiosk.tap("tap", at: 5_000_000)
        #expect(kiosk.log.contains(#"{"t_ms":5050,"button":"tap","event":"triggered","cause":"tap"}"#))
    }

    @Test("The socket is 0660 and a second server on a live path is refused")
    func permissions() throws {
        let kiosk = try ControlledKiosk()
        var info = stat()
        #expect(stat(kiosk.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o660)
        #expect(throws: ControlError.self) { try ControlServer(path: kiosk.path) { _ in } }
    }
}
