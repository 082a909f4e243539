import Foundation
import KioskGraphics
import Testing

/// `--display window`: a desktop window through SDL2, on a virtual X server.
@Suite("Window display", .serialized)
struct WindowDisplayTests {
    @Test("kiosk run --display window shows what the headless render shows, and a click is a tap",
          .enabled(if: XvfbServer.isInstalled, "Xvfb, xdotool or xwd is not installed (scripts/install-deps.sh test)"))
    func windowShowsTheScreenAndTakesClicks() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reference = directory + "/headless.png"
        let snapshot = try KioskProcess.run(["snapshot", "examples/demo.toml", "--out", reference], timeout: 120)
        try #require(snapshot.status == 0, "\(snapshot.stderr)")
        let expected = try Canvas(pngFile: reference)

        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let kiosk = try WindowKiosk(["run", "examples/demo.toml", "--display", "window", "--control", directory + "/kiosk.sock"],
                                     environment: ["DISPLAY": xvfb.display, "WAYLAND_DISPLAY": ""])
        defer { kiosk.stop() }

        var window = ""
        let mapped = try waitUntil(seconds: 30) {
            guard kiosk.isRunning else { return true }
            window = try xvfb.run(XvfbServer.xdotool, ["search", "--name", "^kiosk$"]).stdout
                .split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty
        }
        try #require(mapped && !window.isEmpty, "no kiosk window appeared: \(kiosk.stderr)")

        // The 1280x800 window fits the 1600x1000 screen at scale 1: once the first frame is
        // shown, its pixels are the headless render's.
        let dump = directory + "/window.xwd", shown = "/tmp/kiosk-window-test.png"
        var picture: Canvas?
        let same = try waitUntil(seconds: 30) {
            let result = try xvfb.run(XvfbServer.xwd, ["-id", window, "-silent", "-out", dump])
            guard result.status == 0 else { return false }
            let canvas = try XWDImage.canvas(file: dump)
            picture = canvas
            return differingPixels(canvas, expected) == 0
        }
        if !same {
            try picture?.writePNG(to: shown)
            Issue.record("the window differs from the headless render in \(picture.map { differingPixels($0, expected) } ?? -1) pixels; see \(shown)")
        }

        // The start button is at (240, 200) in the UI; the mouse is a finger.
        let geometry = try xvfb.run(XvfbServer.xdotool, ["getwindowgeometry", "--shell", window]).stdout
        let origin = Dictionary(uniqueKeysWithValues: geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=")
            return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
        })
        let x = (origin["X"] ?? 0) + 240, y = (origin["Y"] ?? 0) + 200
        _ = try xvfb.run(XvfbServer.xdotool, ["mousemove", "\(x)", "\(y)", "click", "1"])
        let tapped = waitUntil(seconds: 20) { kiosk.stdout.contains(#""button":"start","event":"triggered","cause":"tap""#) }
        #expect(tapped, "no tap on start in the event log: \(kiosk.stdout)")

        // Ends as on the panel: SIGTERM, cleanly.
        let status = kiosk.stop()
        #expect(status == 0, "\(kiosk.stderr)")
        #expect(kiosk.stderr.contains("stopped by signal 15"), "\(kiosk.stderr)")
    }

    @Test("Without a desktop, --display window says what is missing and exits with status 1")
    func noDesktop() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try KioskProcess.run(["run", "examples/demo.toml", "--display", "window", "--control", directory + "/kiosk.sock"],
                                          environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], timeout: 60)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("neither $DISPLAY nor $WAYLAND_DISPLAY is set"), "\(result.stderr)")
    }

    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "kiosk-window-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Pixels whose channels differ by more than 2.
    private func differingPixels(_ a: Canvas, _ b: Canvas) -> Int {
        guard a.width == b.width, a.height == b.height else { return a.width * a.height }
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.argb(x: x, y: y), q = b.argb(x: x, y: y)
                if [16, 8, 0].contains(where: { abs(Int(p >> $0 & 0xFF) - Int(q >> $0 & 0xFF)) > 2 }) { count += 1 }
            }
        }
        return count
    }
}
