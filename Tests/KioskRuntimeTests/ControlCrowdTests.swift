import Foundation
import KioskGraphics
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk run` with every control place taken by a busy client: each retitles a button,
/// takes a snapshot, asks for stats and activates a button, over and over. How long the
/// loop's turns take is a benchmark's figure (scripts/control_stall.py, case crowd-32);
/// here the structure that keeps them short is checked: every reply comes, each client's
/// in order, no turn answers more than its budget, and the snapshots' encodes are done
/// and timed off the loop.
@Suite("Control socket crowd through the kiosk binary")
struct ControlCrowdTests {
    static let screen = """
        [display]
        width = 320
        height = 240

        [[screens]]
        id = "main"
        columns = 2

        [[screens.buttons]]
        id = "start"
        title = "Start"

        [[screens.buttons]]
        id = "plus"
        title = "+"
        """

    @Test("32 busy clients: every reply in order, at most 64 requests a turn, snapshots encoded off the loop")
    func crowd() throws {
        let directory = "/tmp/kiosk-crowd-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.screen.write(toFile: directory + "/crowd.toml", atomically: true, encoding: .utf8)
        let kiosk = try HeadlessKiosk(screenFile: directory + "/crowd.toml", in: directory)
        defer { kiosk.stop() }
        let clients = try (0..<32).map { _ in try SocketClient(path: kiosk.socket) }
        var stats: [[String: Any]] = []
        for round in 0..<3 {
            for (index, client) in clients.enumerated() {
                client.send(#"{"cmd":"set","button":"start","title":"client \#(index) #\#(round)"}"# + "\n"
                            + #"{"cmd":"snapshot","path":"crowd-\#(index).png"}"# + "\n"
                            + #"{"cmd":"stats"}"# + "\n" + #"{"cmd":"activate","id":"plus"}"# + "\n")
            }
            let replies = try #require(Self.lines(4, from: clients), "round \(round): not every client was answered within 60 s")
            for (index, lines) in replies.enumerated() {
                #expect(lines[0] == #"{"ok":true}"#, "client \(index): \(lines)")
                #expect(lines[1] == #"{"ok":true,"path":"\#(directory)/crowd-\#(index).png","width":320,"height":240}"#,
                        "client \(index): \(lines)")
                let object = try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any]
                stats.append(try #require(object, "client \(index): \(lines)"))
                #expect(lines[3] == #"{"ok":true,"id":"plus"}"#, "client \(index): \(lines)")
            }
        }
        let budget = 64
        let requests = stats.compactMap { $0["control_turn_requests_max"] as? Int }
        #expect(requests.count == stats.count && requests.allSatisfy { $0 <= budget }, "\(requests)")
        for field in ["turn_max_ms", "turn_max_since_start_ms", "snapshot_encode_max_ms"] {
            #expect(stats.allSatisfy { $0[field] is Double }, "\(field) missing from \(stats[0])")
        }
        // Every round retitled the button: each of its pictures was encoded, by the encoder,
        // which timed its work apart from the loop's turns.
        let encodes = stats.compactMap { $0["snapshot_encodes"] as? Int }.max() ?? 0
        #expect(encodes >= 3, "\(encodes) encodes")
        #expect(stats.contains { ($0["snapshot_encode_max_ms"] as? Double ?? 0) > 0 })
        for index in 0..<32 {
            let shot = try Canvas(pngFile: "\(directory)/crowd-\(index).png")
            #expect(shot.width == 320 && shot.height == 240)
        }
    }

    /// `count` lines from each client, waiting up to 60 s for them all; nil when they did not come.
    static func lines(_ count: Int, from clients: [SocketClient]) -> [[String]]? {
        var got = clients.map { _ in [String]() }
        let deadline = ContinuousClock.now + .seconds(60)
        while got.contains(where: { $0.count < count }) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var fds = clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), Int32((left / .milliseconds(1)).rounded(.up)))
            for (index, client) in clients.enumerated() { got[index] += client.lines() }
        }
        return got
    }
}
