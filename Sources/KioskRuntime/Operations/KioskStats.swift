import FoundationEssentials
import Glibc
import KioskControl
import KioskCore
import KioskDisplay

/// What `{"cmd":"stats"}` answers: frames drawn, flips shown and missed (a flip the driver
/// refused, retried later), touch-to-flip latency, the loop's wake-ups and its longest
/// turn since the previous stats request and since start (how long touches could have
/// waited), resident memory and the live heap, how full each cache is, the control
/// server's clients and its busiest turn, and the snapshots encoded off the loop.
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
    /// The loop's longest turn since it started, ms of wall time.
    public var longestTurnSinceStartMs: Double?
    /// Resident memory, KiB (/proc/self/statm).
    public var residentKiB: Int?
    /// The control socket's clients and its busiest turn since the previous stats request
    /// (nil without a socket).
    public var control: ControlServer.Load?
    /// The snapshots' encodes and the longest since the previous stats request (nil
    /// without a socket): work kept off the loop, so not in its turns.
    public var snapshots: SnapshotEncoder.Load?
    /// The live heap, KiB: what stays allocated (a leak grows it; RSS also holds freed pages).
    public var heapKiB: Int?
    /// The UI's caches, each bounded (`UIHost.cacheUsage`).
    public var caches: [CacheUsage] = []

    public init() {}

    /// The loop's counters now (its longest turn is measured afresh from here), and the
    /// caches' usage.
    public init(loop: RunLoopScheduler, caches: [CacheUsage] = []) {
        self.caches = caches
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
        longestTurnSinceStartMs = Double(loop.longestTurnSinceStart) / 1000
        let memory = ProcessMemory.current
        residentKiB = memory.residentBytes.map { $0 / 1024 }
        heapKiB = memory.heapBytes / 1024
    }

    /// The nearest-rank percentile of `values`; nil when there are none.
    public static func percentile(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
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
        if let longestTurnSinceStartMs { result.append(("turn_max_since_start_ms", .double(longestTurnSinceStartMs))) }
        if let residentKiB { result.append(("rss_kb", .int(residentKiB))) }
        if let control {
            result += [("control_clients", .int(control.clients)), ("control_turn_requests_max", .int(control.turnRequests)),
                       ("control_turn_work_max_ms", .double(Double(control.turnWork) / 1000))]
        }
        if let snapshots {
            result += [("snapshot_encodes", .int(snapshots.encodes)), ("snapshot_encode_max_ms", .double(Double(snapshots.longestJob) / 1000))]
        }
        if let heapKiB { result.append(("heap_kb", .int(heapKiB))) }
        result += caches.flatMap(\.fields).map { ($0.name, .int($0.value)) }
        return result
    }
}
