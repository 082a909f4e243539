import KioskCore

/// A touch script played as an input source on the run loop's clock: each frame and key
/// comes out once the clock reaches its script time after `start`. It has no descriptor to
/// poll: the loop wakes for `nextEventTime` as for any deadline, so the same source plays in
/// real time on a device's loop and in no time at all on an embedded loop's manual clock.
public final class ScriptInputSource: InputSource {
    public let start: Microseconds
    private let events: [InputEvent]
    private var next = 0
    private let clock: any Clock

    /// Frames are delivered with timestamps `start + script time` on `clock` (default: now
    /// on CLOCK_MONOTONIC).
    public init(_ script: TouchScript, start: Microseconds? = nil, clock: any Clock = MonotonicClock()) {
        let start = start ?? clock.now()
        self.start = start
        self.clock = clock
        events = script.events.map { $0.delayed(by: start) }
    }

    public var fileDescriptor: Int32 { -1 }

    /// True once every event has been delivered.
    public var isFinished: Bool { next == events.count }

    public var nextEventTime: Microseconds? { next < events.count ? events[next].timestamp : nil }

    public var scriptStart: Microseconds? { start }

    public func readEvents() -> [InputEvent] {
        let now = clock.now()
        var due: [InputEvent] = []
        while next < events.count, events[next].timestamp <= now {
            due.append(events[next])
            next += 1
        }
        return due
    }
}
