import DequeModule

/// Touch-to-flip latency samples (DRM only): for each touch frame that changed the picture,
/// the flips from its arrival to the flip showing it (1 = the next flip) and the time from
/// its kernel timestamp to that flip's event. Only the latest `capacity` are kept, so a kiosk
/// that runs for months holds a bounded window of recent touches; `total` counts them all.
public struct TouchLatencies {
    public struct Sample: Equatable {
        public var frames: Int
        public var microseconds: Int64
    }

    public static let capacity = 4096
    public private(set) var recent: Deque<Sample> = []
    public private(set) var total = 0

    public init() {}

    mutating func append(_ sample: Sample) {
        if recent.count == Self.capacity { recent.removeFirst() }
        recent.append(sample)
        total += 1
    }
}
