import Foundation
import Testing

extension KioskProcess {
    /// The test app of async work (`Tests/AsyncKiosk`, a `KioskApp`), built beside the test bundle.
    static let asyncKioskPath = URL(fileURLWithPath: demoKioskPath).deletingLastPathComponent()
        .appendingPathComponent("async-kiosk").path
}

/// AsyncKiosk's rows, top to bottom (row i's centre is at y = 30 + 60 i).
private let rows = ["start", "task", "main-async", "async-after", "timer", "background", "hop", "appeared", "round-1",
                    "ticker", "ticker-stopped", "clock", "flood"]

/// A tap on `row` of AsyncKiosk's main screen at `ms`: down, then up 30 ms later.
private func tap(_ row: String, at ms: Int) -> String {
    "\(ms) down 0 640 \(30 + 60 * rows.firstIndex(of: row)!)\n\(ms + 30) up 0\n"
}

/// The buttons the event log reports as triggered, in order.
private func triggered(_ log: String) -> [String] {
    log.split(separator: "\n").compactMap { line in
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              object["event"] as? String == "triggered" else { return nil }
        return object["button"] as? String
    }
}

/// The rows `script` taps after Start.
private let checkedRows = ["task", "main-async", "async-after", "timer", "background", "hop", "appeared", "round-1"]

/// A tap on Start, then taps on each row that only shows once its work has run: a row's
/// `triggered` line is the proof that the work ran and its change was drawn. The rows are
/// tapped twice, 1.4 s and 4.4 s after Start (the work waits 0.5 s at most), so that a
/// machine loaded with other builds still passes. Then the ticker screen is shown and
/// left, and the row its cancelled task sets is tapped.
private func script(ticker: Int) -> String {
    var text = tap("start", at: 100)
    for round in [1500, 4500] {
        for (i, row) in checkedRows.enumerated() { text += tap(row, at: round + 60 * i) }
    }
    text += tap("ticker", at: ticker)
    text += "\(ticker + 800) down 0 640 400\n\(ticker + 830) up 0\n"  // back, mid-screen on the ticker screen
    text += tap("ticker-stopped", at: ticker + 1600)
    return text + "\(ticker + 1800) end\n"
}

@Suite("The main actor on the kiosk's loop (a KioskApp binary)", .serialized)
struct MainActorLoopTests {
    @Test("run: after a tap, a main-actor Task, main.async, asyncAfter, a Timer, a write from a global queue and a hop back all show; .task and .task(id:) started; a view's endless task ends when the view goes")
    func runHeadless() throws {
        let directory = NSTemporaryDirectory() + "kiosk-main-actor-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let touches = directory + "/async.touch"
        try script(ticker: 5200).write(toFile: touches, atomically: true, encoding: .utf8)
        let result = try KioskProcess.run(["--display", "headless", "--touch-script", touches, "--no-control"],
                                          executable: KioskProcess.asyncKioskPath, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let buttons = triggered(result.stdout)
        #expect(Set(buttons) == Set(["start", "ticker", "back", "ticker-stopped"] + checkedRows), "\(result.stdout)")
        #expect(buttons.suffix(3) == ["ticker", "back", "ticker-stopped"], "\(result.stdout)")
    }

    @Test("A main-queue flood and a 1 ms timer do not starve touches: taps after it are handled, a task still runs and the script's end is reached")
    func flood() throws {
        let directory = NSTemporaryDirectory() + "kiosk-main-actor-flood-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let touches = directory + "/flood.touch"
        try (tap("flood", at: 100) + tap("start", at: 600) + tap("task", at: 1500) + "1800 end\n")
            .write(toFile: touches, atomically: true, encoding: .utf8)
        let result = try KioskProcess.run(["--display", "headless", "--touch-script", touches, "--no-control"],
                                          executable: KioskProcess.asyncKioskPath, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(triggered(result.stdout) == ["flood", "start", "task"], "\(result.stdout)")
    }

    @Test("simulate: the main actor's work a tap or an appearance queues runs at that time on the virtual clock, the same every time")
    func simulate() throws {
        let directory = NSTemporaryDirectory() + "kiosk-main-actor-sim-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let touches = directory + "/async.touch"
        // The rows are tapped from 70 ms after Start's release: only work that follows the clock shows.
        var text = tap("start", at: 100)
        for (i, row) in ["task", "main-async", "appeared", "round-1"].enumerated() { text += tap(row, at: 200 + 40 * i) }
        text += tap("ticker", at: 400)
        text += "1200 down 0 640 400\n1230 up 0\n"
        text += tap("ticker-stopped", at: 2000) + "2200 end\n"
        try text.write(toFile: touches, atomically: true, encoding: .utf8)
        let first = try KioskProcess.run(["simulate", "--touches", touches], executable: KioskProcess.asyncKioskPath,
                                         timeout: 60)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(triggered(first.stdout) == ["start", "task", "main-async", "appeared", "round-1", "ticker", "back",
                                            "ticker-stopped"], "\(first.stdout)")
        let second = try KioskProcess.run(["simulate", "--touches", touches], executable: KioskProcess.asyncKioskPath,
                                          timeout: 60)
        #expect(second.stdout == first.stdout)
    }
}
