import Foundation
import KioskControl
import KioskScreenFiles
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk run` headless on the coffee kiosk with a control socket, as an operator runs it.
/// Its touch script ends it after 60 s should a test die before terminating it.
final class RunningKiosk {
    let socket = "/tmp/kiosk-limits-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
    private let process = Process()
    private let messages = Pipe()
    private let script: String
    private let out: String
    /// What it wrote on stderr so far.
    private(set) var said = ""

    init() throws {
        try #require(FileManager.default.isExecutableFile(atPath: KioskProcess.path), "build kiosk first (swift build --build-tests)")
        script = socket + ".touch"
        out = socket + ".out"
        try "60000 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: KioskProcess.path)
        process.arguments = ["run", "examples/coffee.toml", "--display", "headless", "--out", out, "--control", socket,
                             "--touch-script", script]
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = messages
        try process.run()
        try #require(waitToSay("control: listening on"), "the kiosk's socket did not listen: \(said)")
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        unlink(script)
        try? FileManager.default.removeItem(atPath: out)
    }

    /// Reads the kiosk's stderr until it has said `text`; false when it ends or `limit` passes first.
    func waitToSay(_ text: String, within limit: Duration = .seconds(30)) -> Bool {
        let fd = messages.fileHandleForReading.fileDescriptor
        let deadline = ContinuousClock.now + limit
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !said.contains(text) {
            let left = max(deadline - ContinuousClock.now, .zero)
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32((left / .milliseconds(1)).rounded(.up))) > 0 else {
                if left == .zero { return false }
                continue
            }
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { return false }
            said += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return true
    }
}

extension SocketClient {
    /// The next `count` lines, waiting up to 30 s for them; fewer when the time runs out.
    func lines(_ count: Int) -> [String] {
        let deadline = ContinuousClock.now + .seconds(30)
        var got = lines()
        while got.count < count {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, Int32((left / .milliseconds(1)).rounded(.up)))
            got += lines()
        }
        return got
    }

    /// Sends one request and returns its reply (nil when none came within 30 s).
    func ask(_ request: String) -> String? {
        send(request + "\n")
        return lines(1).first
    }
}

@Suite("Control socket limits, through kiosk run", .serialized)
struct ControlLimitsProcessTests {
    static let get = #"{"cmd":"get","control":"sugar"}"#
    static let sugar = #"{"ok":true,"control":"sugar","value":0}"#

    @Test("An over-long request line gets its error and that connection closes; a title past its limits is refused naming them; the kiosk serves on")
    func oversized() throws {
        let kiosk = try RunningKiosk()
        let long = try SocketClient(path: kiosk.socket), other = try SocketClient(path: kiosk.socket)
        var request = Array(#"{"cmd":"set","button":"espresso","title":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 20_000)
        request += Array(#""}"#.utf8) + [10]
        var sent = 0
        while sent < request.count {
            var ready = pollfd(fd: long.fd, events: Int16(POLLOUT), revents: 0)
            try #require(poll(&ready, 1, 30_000) == 1, "the kiosk took no more of the line")
            let n = request[sent...].withUnsafeBytes { Glibc.send(long.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { break }
            sent += n
        }
        #expect(long.lines(1) == [#"{"ok":false,"error":"line longer than 16384 bytes; closing the connection"}"#])
        #expect(long.closes())
        #expect(other.ask(Self.get) == Self.sugar)

        let runs = (0...ScreenFile.maximumRuns).map { #"{"text":"\#($0)","size":\#(10 + $0 % 100)}"# }
        #expect(other.ask(#"{"cmd":"set","button":"espresso","title":[\#(runs.joined(separator: ","))]}"#)
                == #"{"ok":false,"error":"\"title\" has 257 runs; at most 256"}"#)
        #expect(other.ask(#"{"cmd":"set","button":"espresso","title":[\#(runs.dropLast().joined(separator: ","))]}"#) == #"{"ok":true}"#)
        #expect(other.ask(Self.get) == Self.sugar)
    }

    @Test("A title past the screen files' text limit is refused before it is sent")
    func longTitle() {
        let fields: [String: JSONValue] = ["cmd": .string("set"), "button": .string("espresso"),
                                           "title": .string(String(repeating: "é", count: ScreenFile.maximumTextBytes / 2 + 1))]
        #expect(throws: ControlError("\"title\" is longer than 16384 bytes")) { try ControlRequest(fields: fields) }
    }

    @Test("A client that does not read its replies is dropped with a log line; another client's get still answers")
    func nonReader() throws {
        let kiosk = try RunningKiosk()
        let deaf = try SocketClient(path: kiosk.socket), other = try SocketClient(path: kiosk.socket)
        let requests = Array(String(repeating: #"{"cmd":"tree"}"# + "\n", count: 64).utf8)
        // Requests until the kiosk gives up on it: its replies fill the socket, then the
        // kiosk's pending output for it.
        let deadline = ContinuousClock.now + .seconds(30)
        let dropped = "control: dropped a client that did not read"
        while !kiosk.waitToSay(dropped, within: .zero), ContinuousClock.now < deadline {
            var ready = pollfd(fd: deaf.fd, events: Int16(POLLOUT), revents: 0)
            if poll(&ready, 1, 10) == 1, ready.revents & Int16(POLLOUT) != 0 {
                let n = requests.withUnsafeBytes { Glibc.send(deaf.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                if n < 0 && errno != EAGAIN { break }
            }
            #expect(other.ask(Self.get) == Self.sugar)
        }
        #expect(kiosk.waitToSay(dropped), "\(kiosk.said)")
        #expect(deaf.closes())
        #expect(other.ask(Self.get) == Self.sugar)
    }
}
