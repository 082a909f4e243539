#if canImport(Glibc)
import Glibc
#endif

/// Times a frame function: warm-up frames first, then timed frames on the monotonic clock.
public struct Benchmark {
    public var warmUpFrames = 20
    public var timedFrames = 300

    public init(warmUpFrames: Int = 20, timedFrames: Int = 300) {
        self.warmUpFrames = warmUpFrames
        self.timedFrames = timedFrames
    }

    public struct Result {
        /// Per-frame times in milliseconds, sorted.
        public let sortedMilliseconds: [Double]

        public var median: Double { percentile(50) }
        public var p95: Double { percentile(95) }
        public var frames: Int { sortedMilliseconds.count }

        /// Nearest-rank percentile.
        public func percentile(_ p: Double) -> Double {
            guard !sortedMilliseconds.isEmpty else { return 0 }
            let rank = Int((p / 100 * Double(sortedMilliseconds.count)).rounded(.up))
            return sortedMilliseconds[min(max(rank, 1), sortedMilliseconds.count) - 1]
        }
    }

    /// Times `frame`; `prepare` runs untimed before each one (say, releasing the button
    /// the frame presses).
    public func run(preparing prepare: () -> Void = {}, _ frame: () -> Void) -> Result {
        for _ in 0..<warmUpFrames {
            prepare()
            frame()
        }
        var times: [Double] = []
        times.reserveCapacity(timedFrames)
        for _ in 0..<timedFrames {
            prepare()
            let start = Benchmark.nanoseconds()
            frame()
            times.append(Double(Benchmark.nanoseconds() - start) / 1e6)
        }
        return Result(sortedMilliseconds: times.sorted())
    }

    /// Times `frames` in turn, one frame of each per round, so a slow stretch of the machine
    /// (another process, a busy host) falls on all of them alike and their ratios hold.
    public func interleaved(_ frames: [() -> Void]) -> [Result] {
        for _ in 0..<warmUpFrames {
            for frame in frames { frame() }
        }
        var times = [[Double]](repeating: [], count: frames.count)
        for _ in 0..<timedFrames {
            for (index, frame) in frames.enumerated() {
                let start = Benchmark.nanoseconds()
                frame()
                times[index].append(Double(Benchmark.nanoseconds() - start) / 1e6)
            }
        }
        return times.map { Result(sortedMilliseconds: $0.sorted()) }
    }

    private static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
