import KioskGestures
import KioskScreenFiles
#if canImport(Glibc)
import Glibc
#endif

/// When the panel goes dark: after `idleTimeout` without a touch or a key, and at the start
/// of the daily `schedule`'s dark period (night). A touch or a key on a dark panel wakes it,
/// and that touch — every finger down while it was dark, until it lifts — or key, until
/// released, reaches nothing, so waking never presses a button. Pure policy on the clock it is given (µs, the input's
/// clock); `secondsOfDay` maps that clock to local time for the schedule.
public final class IdleBlanker {
    public enum Change: Equatable, Sendable {
        case blank
        case wake
    }

    public let idleTimeout: Microseconds?
    public let schedule: BlankSchedule?
    /// How long a touch keeps the panel lit inside the schedule's dark period when there is
    /// no idle timeout.
    public let nightWake: Microseconds = 60_000_000
    private let secondsOfDay: (Microseconds) -> Int

    public private(set) var isBlanked = false
    private var lastActivity: Microseconds
    private var nextScheduleStart: Microseconds?
    /// Slots that went down on a dark panel: swallowed until they lift.
    private var swallowed: Set<Int> = []
    /// Keys pressed on a dark panel: swallowed until released.
    private var swallowedKeys: Set<UInt32> = []

    public init(idleTimeout: Microseconds?, schedule: BlankSchedule? = nil, now: Microseconds,
                secondsOfDay: @escaping (Microseconds) -> Int = { _ in 12 * 3600 }) {
        self.idleTimeout = idleTimeout
        self.schedule = schedule
        self.secondsOfDay = secondsOfDay
        lastActivity = now
        nextScheduleStart = schedule.map { Self.next($0.start, after: now, secondsOfDay: secondsOfDay) }
    }

    /// The first time after `now` at which local time is `second`.
    private static func next(_ second: Int, after now: Microseconds, secondsOfDay: (Microseconds) -> Int) -> Microseconds {
        let wait = ((second - secondsOfDay(now)) % 86_400 + 86_400) % 86_400
        return now + Microseconds(wait == 0 ? 86_400 : wait) * 1_000_000
    }

    /// Passes `frame` on with the waking touch's events taken out; `change` says whether
    /// it woke the panel.
    public func filter(_ frame: TouchFrame) -> (frame: TouchFrame?, change: Change?) {
        lastActivity = max(lastActivity, frame.timestamp)
        var change: Change?
        if isBlanked, frame.events.contains(where: { $0.phase == .down }) {
            isBlanked = false
            change = .wake
        }
        if change == .wake || !swallowed.isEmpty {
            for event in frame.events where event.phase == .down && (change == .wake || swallowed.contains(event.slot)) {
                swallowed.insert(event.slot)
            }
        }
        guard !swallowed.isEmpty || isBlanked else { return (frame, change) }
        var passed: [TouchEvent] = []
        for event in frame.events {
            let ends = event.phase == .up || event.phase == .cancel
            if swallowed.contains(event.slot) {
                if ends { swallowed.remove(event.slot) }
            } else if !isBlanked || ends {
                // A finger held since before the panel went dark still lifts in the UI.
                passed.append(event)
            }
        }
        return (passed.isEmpty ? nil : TouchFrame(events: passed, timestamp: frame.timestamp), change)
    }

    /// Passes `key` on unless it is the waking key (its press on a dark panel, and its
    /// release); `change` says whether it woke the panel.
    public func filter(_ key: KeyEvent) -> (key: KeyEvent?, change: Change?) {
        lastActivity = max(lastActivity, key.timestamp)
        if isBlanked, key.isPressed {
            isBlanked = false
            swallowedKeys.insert(key.code)
            return (nil, .wake)
        }
        if !key.isPressed, swallowedKeys.remove(key.code) != nil { return (nil, nil) }
        return (isBlanked ? nil : key, nil)
    }

    /// When `advance(to:)` must run next: the idle timeout or the schedule's next dark start.
    public var nextDeadline: Microseconds? {
        let idle = isBlanked ? nil : idleDeadline
        switch (idle, nextScheduleStart) {
        case let (a?, b?): return min(a, b)
        case let (a, b): return a ?? b
        }
    }

    private var idleDeadline: Microseconds? {
        if let idleTimeout { return lastActivity + idleTimeout }
        if let schedule, schedule.isDark(at: secondsOfDay(lastActivity)) { return lastActivity + nightWake }
        return nil
    }

    /// Moves the clock; returns `.blank` when the panel goes dark now.
    public func advance(to now: Microseconds) -> Change? {
        var due = false
        if let start = nextScheduleStart, start <= now {
            nextScheduleStart = schedule.map { Self.next($0.start, after: now, secondsOfDay: secondsOfDay) }
            due = true
        }
        if let idle = idleDeadline, idle <= now { due = true }
        guard due, !isBlanked, swallowed.isEmpty else { return nil }
        isBlanked = true
        return .blank
    }

    /// Local time of day for the input clock, anchored at `clockNow` (which is now).
    public static func localSecondsOfDay(clockNow: Microseconds) -> (Microseconds) -> Int {
        var wall = time(nil)
        var local = tm()
        localtime_r(&wall, &local)
        let anchor = Int(local.tm_hour) * 3600 + Int(local.tm_min) * 60 + Int(local.tm_sec)
        return { t in ((anchor + Int((t - clockNow) / 1_000_000)) % 86_400 + 86_400) % 86_400 }
    }
}
