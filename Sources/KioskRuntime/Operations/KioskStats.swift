import FoundationEssentials
import Glibc
import KioskControl
import KioskDisplay

/// What `{"cmd":"stats"}` answers: frames drawn, flips shown and missed (a flip the driver
/// refused, retried later), touch-to-flip latency, the loop's wake-ups and its longest
/// turn since the previous stats request (how long touches could have waited), resident
/// memory.
public struct KioskStats: Equatable {
    public var frames = 0
    public var flips = 0
    public var missedFlips = 0
    public var latencySamples = 0
    /// Touch-to-flip latency, ms (nil with no samples: headless has no flips to time).
    public var latencyP50: Double?
    public var latencyP95: Double?
    public var latencyMax: Double?
    public var wakeUps = 0
    /// The loop's longest turn (poll to poll) since the previous stats request, ms: wall
    /// time (what a touch waited) and the CPU time of the same turn (the work done).
    public var longestTurnMs: Double?
    public var longestTurnCPUMs: Double?
    /// Resident memory, KiB (/proc/self/statm).
    public var residentKiB: Int?

    public init() {}

    /// The loop's counters now (its longest turn is measured afresh from here).
    public init(loop: RunLoopScheduler) {
        frames = loop.framesPresented
        flips = loop.display.flips?.shown ?? loop.framesPresented
        missedFlips = loop.missedFlips
        let ms = loop.latencies.recent.map { Double($0.microseconds) / 1000 }
        latencySamples = loop.latencies.total
        latencyP50 = Self.percentile(ms, 50)
        latencyP95 = Self.percentile(ms, 95)
        latencyMax = ms.max()
        wakeUps = loop.wakeUps
        let turn = loop.takeLongestTurn()
        longestTurnMs = Double(turn.wall) / 1000
        longestTurnCPUMs = Double(turn.cpu) / 1000
        residentKiB = Self.residentKiB()
    }

    /// The nearest-rank percentile of `values`; nil when there are none.
    public static func percentile(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// The second field of /proc/self/statm (resident pages) in KiB.
    public static func residentKiB() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// The reply's fields, in a fixed order.
    public var fields: [(String, ControlValue)] {
        var result: [(String, ControlValue)] = [("frames", .int(frames)), ("flips", .int(flips)), ("missed_flips", .int(missedFlips)),
                                                ("latency_samples", .int(latencySamples))]
        if let latencyP50, let latencyP95, let latencyMax {
            result += [("latency_p50_ms", .double(latencyP50)), ("latency_p95_ms", .double(latencyP95)),
                       ("latency_max_ms", .double(latencyMax))]
        }
        result.append(("wake_ups", .int(wakeUps)))
        if let longestTurnMs, let longestTurnCPUMs {
            result += [("turn_max_ms", .double(longestTurnMs)), ("turn_max_cpu_ms", .double(longestTurnCPUMs))]
        }
        if let residentKiB { result.append(("rss_kb", .int(residentKiB))) }
        return result
    }
}
