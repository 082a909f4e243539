/// Finger velocity from the last few samples: the displacement over the most recent
/// `window` divided by its duration. Fixed storage, so tracking allocates nothing.
struct VelocityTracker {
    /// How far back the velocity looks; older samples only add lag.
    static let window: Microseconds = 100_000
    private static let capacity = 8

    private var times = [Microseconds](repeating: 0, count: capacity)
    private var locations = [TouchLocation](repeating: TouchLocation(x: 0, y: 0), count: capacity)
    private var count = 0
    private var newest = -1

    mutating func reset(_ location: TouchLocation, at time: Microseconds) {
        count = 0
        newest = -1
        add(location, at: time)
    }

    mutating func add(_ location: TouchLocation, at time: Microseconds) {
        newest = (newest + 1) % Self.capacity
        times[newest] = time
        locations[newest] = location
        count = min(count + 1, Self.capacity)
    }

    /// Pixels per second; zero with a single sample or no elapsed time.
    var velocity: TouchVector {
        guard count > 1 else { return .zero }
        let now = times[newest]
        var oldest = newest
        for step in 1..<count {
            let index = (newest - step + Self.capacity) % Self.capacity
            if now - times[index] > Self.window { break }
            oldest = index
        }
        let elapsed = Double(now - times[oldest]) / 1_000_000
        guard elapsed > 0 else { return .zero }
        let moved = locations[newest] - locations[oldest]
        return TouchVector(dx: moved.dx / elapsed, dy: moved.dy / elapsed)
    }
}
