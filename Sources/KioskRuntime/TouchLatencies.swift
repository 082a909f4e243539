/// Touch-to-flip latency samples (DRM only): for each touch frame that changed the picture,
/// the flips from its arrival to the flip showing it (1 = the next flip) and the time from
/// its kernel timestamp to that flip's event. Only the latest `capacity` are kept, so a kiosk
/// that runs for months holds a bounded window of recent touches; `total` counts them all.
///
/// The window is a ring of its own rather than swift-collections' `Deque`: nothing else in
/// the kiosk uses that package, and its generic code was 120 KB of the stripped binary that
/// `make size` holds under 16 MB.
public struct TouchLatencies {
    public struct Sample: Equatable {
        public var frames: Int
        public var microseconds: Int64
    }

    public static let capacity = 4096
    /// The samples kept; once full, `oldest` is where the next one goes.
    private var ring: [Sample] = []
    private var oldest = 0
    public private(set) var total = 0

    public init() {}

    /// The latest samples, oldest first.
    public var recent: [Sample] {
        Array(ring[oldest...] + ring[..<oldest])
    }

    mutating func append(_ sample: Sample) {
        if ring.count < Self.capacity {
            ring.append(sample)
        } else {
            ring[oldest] = sample
            oldest = (oldest + 1) % Self.capacity
        }
        total += 1
    }
}
