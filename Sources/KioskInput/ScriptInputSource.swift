import CKioskShim
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// A touch script played as an input source in real time: each frame and key comes out at
/// its script time after `start`, through a timerfd that the run loop polls like libinput's
/// fd. For headless runs and demos without a touchscreen; tests that need no real time
/// play scripts into the gesture engine directly (`TouchScriptPlayer`).
public final class ScriptInputSource: InputSource {
    public let start: Microseconds
    private let events: [InputEvent]
    private var next = 0
    private let timer: Int32

    /// Frames are delivered with timestamps `start + script time` on CLOCK_MONOTONIC.
    public init(_ script: TouchScript, start: Microseconds = MonotonicClock.now()) throws {
        self.start = start
        events = script.events.map { $0.delayed(by: start) }
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        if timer < 0 {
            throw InputError.errno("timerfd_create for the touch script")
        }
        try arm()
    }

    deinit {
        close(timer)
    }

    public var fileDescriptor: Int32 { timer }

    /// True once every event has been delivered.
    public var isFinished: Bool { next == events.count }

    public func readEvents() throws -> [InputEvent] {
        var expirations: UInt64 = 0
        _ = read(timer, &expirations, MemoryLayout<UInt64>.size)
        let now = MonotonicClock.now()
        var due: [InputEvent] = []
        while next < events.count, events[next].timestamp <= now {
            due.append(events[next])
            next += 1
        }
        try arm()
        return due
    }

    /// Sets the timer to the next event's time, or disarms it when none is left.
    private func arm() throws {
        var spec = itimerspec()
        if next < events.count {
            // An all-zero it_value would disarm: an event at time 0 still fires.
            let time = max(events[next].timestamp, 1)
            spec.it_value = timespec(tv_sec: Int(time / 1_000_000), tv_nsec: Int(time % 1_000_000) * 1000)
        }
        if timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil) != 0 {
            throw InputError.errno("timerfd_settime for the touch script")
        }
    }
}
