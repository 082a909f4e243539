import ArgumentParser
import Foundation
import KioskInput
import KioskViews
import Testing
@testable import KioskCommandLine
import KioskRuntime
#if canImport(Glibc)
import Glibc
#endif

/// A Swift kiosk whose one button fills the screen.
struct TapApp: KioskApp {
    static func screens(navigator: Navigator) -> [Screen] {
        [Screen("main") { Button("Tap") {}.id("tap").frame(maxWidth: .infinity, maxHeight: .infinity) }]
    }
}

@MainActor
@Suite("A Swift kiosk (KioskApp)", .serialized)
struct KioskAppTests {
    @Test("A Swift kiosk has kiosk run's operations: its control socket streams what an activate triggers, set is refused, and SIGTERM ends it")
    func controlSocket() throws {
        let socket = "/tmp/kiosk-app-test-\(getpid()).sock"
        defer { unlink(socket) }
        let arguments = ["--display", "headless", "--control", socket]
        let finished = DispatchSemaphore(value: 0)
        // The kiosk's thread, for the stop signal: its run loop blocks SIGTERM and reads it
        // from a signalfd, so the signal must be pending on that thread.
        nonisolated(unsafe) var kioskThread = pthread_self()
        let started = DispatchSemaphore(value: 0)
        Thread {
            kioskThread = pthread_self()
            started.signal()
            do {
                // No subcommand named: `run` is the default, as the executable alone runs the kiosk.
                var command = try KioskAppCommand<TapApp>.parseAsRoot(arguments)
                #expect(command is KioskAppRun<TapApp>)
                try command.run()
            } catch {
                Issue.record("the kiosk failed: \(error)")
            }
            finished.signal()
        }.start()
        started.wait()

        try waitUntilExists(socket)
        let client = try SocketClient(path: socket)
        client.send("{\"cmd\":\"subscribe\"}\n{\"cmd\":\"set\",\"button\":\"tap\",\"title\":\"Hi\"}\n"
                    + "{\"cmd\":\"activate\",\"id\":\"tap\"}\n")
        var lines: [String] = []
        // Each wait ends with lines to read or the kiosk gone (its socket at its end).
        while !lines.contains(where: { $0.contains("triggered") }) {
            var ready = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, -1)
            let more = client.lines()
            var byte: UInt8 = 0
            if more.isEmpty, recv(client.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 { break }
            lines += more
        }
        #expect(lines.first == "{\"ok\":true,\"subscribed\":true}")
        #expect(lines.contains { $0.contains("set works on screen-file kiosks only") })
        #expect(lines.contains {
            $0.contains("\"event\":\"triggered\"") && $0.contains("\"button\":\"tap\"") && $0.contains("accessibility")
        })
        pthread_kill(kioskThread, SIGTERM)
        finished.wait()
    }

    @Test("A Swift kiosk takes --board: a bad profile stops it with the file, line and key, and exit status 1")
    func boardProfile() throws {
        let path = "/tmp/kiosk-app-board-\(getpid()).toml"
        defer { unlink(path) }
        try "connector = \"DSI-1\"\nrotation = 45\n".write(toFile: path, atomically: true, encoding: .utf8)
        let command = try KioskAppRun<TapApp>.parse(["--display", "headless", "--board", path])
        #expect {
            try command.launch.boardProfile()
        } throws: { error in
            "\(error)".hasPrefix("\(path):2: key \"rotation\": expected 0, 90, 180 or 270")
        }
        // Reported on stderr as one line, as kiosk run reports it, and the app exits with 1.
        #expect(throws: ExitCode.failure) { try command.run() }
    }
}

@MainActor
@Suite("A Swift kiosk's snapshot and simulate")
struct KioskAppToolsTests {
    @Test("snapshot renders the app's screen at the given size; simulate plays a touch script and a bad size is refused")
    func snapshotAndSimulate() throws {
        let png = "/tmp/kiosk-app-snapshot-\(getpid()).png"
        let script = "/tmp/kiosk-app-simulate-\(getpid()).touch"
        defer { unlink(png); unlink(script) }
        let snapshot = try KioskAppSnapshot<TapApp>.parse(["--out", png, "--size", "320x200"])
        try snapshot.run()
        let canvas = try Canvas(pngFile: png)
        #expect(canvas.width == 320 && canvas.height == 200)
        try "0 down 0 160 100\n80 up 0\n".write(toFile: script, atomically: true, encoding: .utf8)
        let simulate = try KioskAppSimulate<TapApp>.parse(["--touches", script, "--size", "320x200"])
        try simulate.run()
        #expect(throws: (any Error).self) { try KioskAppSnapshot<TapApp>.parse(["--out", png, "--size", "320"]) }
        let unknown = try KioskAppSnapshot<TapApp>.parse(["--out", png, "--screen", "nope"])
        #expect(throws: ExitCode.failure) { try unknown.run() }
    }
}

/// Blocks until `path` exists: inotify on its folder says when a file is made there, so
/// nothing sleeps between looks.
func waitUntilExists(_ path: String) throws {
    let watch = inotify_init1(Int32(IN_CLOEXEC))
    try #require(watch >= 0, "inotify: \(String(cString: strerror(errno)))")
    defer { close(watch) }
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    try #require(inotify_add_watch(watch, folder.isEmpty ? "." : folder, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while access(path, F_OK) != 0 {
        _ = read(watch, &buffer, buffer.count)
    }
}
