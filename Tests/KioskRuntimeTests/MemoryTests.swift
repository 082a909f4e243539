import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The live heap of the shipped binaries stays flat under the updates a kiosk makes all
/// day: a held repeat button, control clients activating and retitling buttons, screen
/// switches. Each test reads the heap the binary itself reports (`simulate --memory-every`,
/// `ctl stats`'s `heap_kb`) after a warm-up and again after many more of the same updates.
@Suite("Memory of the kiosk binary")
struct MemoryTests {
    /// What the same work repeated may add to the live heap once caches are warm: far below
    /// what a kept tree per update adds (about 200 KiB each before the fix).
    static let growthLimitKiB = 1536

    @Test("Holding the demo's repeat button for a minute keeps the live heap flat")
    func heldRepeatButton() throws {
        let script = "/tmp/kiosk-memory-hold-\(getpid()).touch"
        defer { unlink(script) }
        // + on the demo's home screen, held from 0 to 60 s: about a thousand repeats.
        try "0 down 0 700 290\n60000 up 0\n60500 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try KioskProcess.run(["simulate", "--touches", script, "--memory-every", "5"], executable: KioskProcess.demoKioskPath)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let repeats = lines.filter { $0.contains(#""button":"plus","event":"triggered","cause":"repeat""#) }.count
        #expect(repeats > 500, "the finger missed the + button: \(repeats) repeats")
        let heap = try Self.heapReadings(lines)
        try #require(heap.count == 12, "\(heap)")
        // The highest reading of the last half against the highest of the first after the
        // warm-up: the text layout cache fills and empties in between.
        let early = heap[2..<6].max()!, late = heap[6...].max()!
        #expect(late - early < Self.growthLimitKiB, "live heap \(heap) KiB every 5 s")
    }

    @Test("Thousands of control-socket activations and retitles keep the live heap flat")
    func controlUpdates() throws {
        let kiosk = try HeadlessKiosk(screenFile: "examples/demo.toml")
        defer { kiosk.stop() }
        let client = try kiosk.connect()
        func burst(_ count: Int) throws {
            for i in 0..<count {
                // Twenty titles over and over: the text caches hold them all after the warm-up,
                // so what grows past it is what each update keeps.
                let request = i % 2 == 0 ? #"{"cmd":"activate","id":"plus"}"# : #"{"cmd":"set","button":"start","title":"Start \#(i % 20)"}"#
                let reply = try client.request(request)
                #expect(reply.hasPrefix(#"{"ok":true"#), "\(reply)")
            }
        }
        try burst(400)
        let warm = try client.heapKiB()
        try burst(2000)
        let after = try client.heapKiB()
        #expect(after - warm < Self.growthLimitKiB, "live heap \(warm) KiB after the warm-up, \(after) KiB after 2000 more updates")
    }

    @Test("ctl stats reports the live heap and every cache")
    func statsReportCaches() throws {
        let kiosk = try HeadlessKiosk(screenFile: "examples/coffee.toml")
        defer { kiosk.stop() }
        let stats = try kiosk.connect().request(#"{"cmd":"stats"}"#)
        for field in ["\"rss_kb\":", "\"heap_kb\":", "\"cache_glyphs\":", "\"cache_glyphs_kb\":", "\"cache_faces_kb\":",
                      "\"cache_shaped\":", "\"cache_layouts\":", "\"cache_shapes_kb\":", "\"cache_shadows_kb\":", "\"cache_view_state\":"] {
            #expect(stats.contains(field), "\(field) missing from \(stats)")
        }
        // The coffee screen drew text: its glyphs are cached.
        let glyphs = stats.split(separator: ",").first { $0.hasPrefix("\"cache_glyphs\":") }
        #expect(glyphs.flatMap { Int($0.split(separator: ":")[1]) }.map { $0 > 0 } == true, "\(stats)")
    }

    /// The `heap_kb` of each memory line, in order.
    static func heapReadings(_ lines: [String]) throws -> [Int] {
        try lines.filter { $0.contains(#""event":"memory""#) }.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object?["heap_kb"] as? Int, "\(line)")
        }
    }
}

/// One connection to a kiosk process's control socket: a request line out, its reply line
/// back. Every wait is bounded, so a kiosk that never answers fails the test.
final class ControlClient {
    private let socket: SocketClient
    private var replies: [String] = []

    init(path: String) throws { socket = try SocketClient(path: path) }

    struct NoReply: Error, CustomStringConvertible {
        let request: String
        var description: String { "no reply to \(request) within 30 s" }
    }

    /// Sends `line` (a short request) and returns the reply line.
    func request(_ line: String) throws -> String {
        // A short line goes in one send once the socket takes anything.
        guard wait(for: Int16(POLLOUT)) & Int16(POLLOUT) != 0, socket.send(line + "\n") == line.utf8.count + 1 else {
            throw NoReply(request: line)
        }
        while replies.isEmpty {
            let ready = wait(for: Int16(POLLIN))
            replies += socket.lines()
            // Nothing within the time, or the kiosk hung up with no reply.
            guard !replies.isEmpty || (ready & Int16(POLLIN) != 0 && ready & Int16(POLLHUP) == 0) else { throw NoReply(request: line) }
        }
        return replies.removeFirst()
    }

    /// The events that came within 30 s (0: none).
    private func wait(for events: Int16) -> Int16 {
        var descriptor = pollfd(fd: socket.fd, events: events, revents: 0)
        return poll(&descriptor, 1, 30_000) == 1 ? descriptor.revents : 0
    }

    /// `heap_kb` from a stats reply.
    func heapKiB() throws -> Int {
        let reply = try request(#"{"cmd":"stats"}"#)
        let object = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any]
        return try #require(object?["heap_kb"] as? Int, "\(reply)")
    }
}
