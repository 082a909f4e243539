/// What of a view's look can animate, as up to eight numbers kept in place (an offset's x
/// and y, a colour's channels, a shadow's seven): the host reads, compares and interpolates
/// them on every frame a view changes, a drag's every frame, where an array would be
/// allocated each time. Lanes past `count` stay zero, so whole vectors compare.
struct AnimatableValues: Equatable {
    private(set) var count: Int
    private var lanes: SIMD8<Double>

    /// Nothing to animate (a shape without a colour).
    static let empty = AnimatableValues(SIMD8(), count: 0)

    init(_ value: Double) {
        self.init(SIMD8(value, 0, 0, 0, 0, 0, 0, 0), count: 1)
    }

    init(_ first: Double, _ second: Double) {
        self.init(SIMD8(first, second, 0, 0, 0, 0, 0, 0), count: 2)
    }

    /// The first `count` of `lanes`; the others must be zero.
    init(_ lanes: SIMD8<Double>, count: Int) {
        precondition((0...8).contains(count), "AnimatableValues holds at most eight numbers")
        self.lanes = lanes
        self.count = count
    }

    subscript(index: Int) -> Double { lanes[index] }

    /// The values `progress` of the way from these to `other` (a spring's progress may pass 1).
    func interpolated(to other: AnimatableValues, _ progress: Double) -> AnimatableValues {
        AnimatableValues(lanes + (other.lanes - lanes) * progress, count: count)
    }
}
