import Foundation
import KioskControl
import KioskUI

/// Plays a touch script into a host on a virtual clock, the way the run loop would: the
/// clock jumps to each touch frame and key and to each deadline in between (gesture timers and
/// animation frames), and a frame is rendered whenever the host needs one.
public final class Simulation {
    public let host: UIHost
    public let canvas: Canvas
    /// The events so far, unless `onEvents` takes them.
    public private(set) var events: [UIEvent] = []
    /// Called after each rendered frame with its time and damage.
    public var onFrame: ((Microseconds, Region) throws -> Void)?
    /// When set, events go here as they happen instead of piling up in `events`, so a long
    /// script (a day of repeats) plays in constant memory.
    public var onEvents: (([UIEvent]) -> Void)?

    public init(host: UIHost) throws {
        self.host = host
        canvas = try Canvas(width: Int(host.size.width), height: Int(host.size.height), format: .xrgb8888)
    }

    /// Plays `script` up to `limit` (default: the script's end) and renders the state there.
    public func play(_ script: TouchScript, until limit: Microseconds? = nil) throws {
        let end = min(script.endTime, limit ?? .max)
        try renderIfNeeded(at: 0)
        for event in script.events where event.timestamp <= end {
            try runDeadlines(before: event.timestamp)
            switch event {
            case .touch(let frame): record(host.handle(frame))
            case .key(let key): record(host.handle(key))
            }
            try renderIfNeeded(at: event.timestamp)
        }
        try runDeadlines(before: end + 1)
        record(host.advance(to: end))
        try renderIfNeeded(at: end)
    }

    private func runDeadlines(before time: Microseconds) throws {
        while let deadline = host.nextDeadline, deadline < time {
            record(host.advance(to: deadline))
            try renderIfNeeded(at: deadline)
        }
    }

    private func record(_ new: [UIEvent]) {
        guard !new.isEmpty else { return }
        if let onEvents { onEvents(new) } else { events += new }
    }

    private func renderIfNeeded(at time: Microseconds) throws {
        guard host.needsFrame else { return }
        let damage = host.render(into: canvas)
        if !damage.isEmpty { try onFrame?(time, damage) }
    }
}

extension Simulation {
    /// Writes `frame-NNNN-tMS.png` into `directory` (made if missing) for every frame that
    /// changes from now on: `simulate --frames` for screen files and Swift kiosks alike.
    public func writeFrames(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var count = 0
        onFrame = { [unowned self] time, _ in
            let name = String(format: "frame-%04d-t", count) + EventLog.milliseconds(time) + ".png"
            try canvas.writePNG(to: directory + "/" + name)
            count += 1
        }
    }
}
