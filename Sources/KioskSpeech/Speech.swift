/// Synthesized speech: 16-bit mono samples at `sampleRate`.
public struct Speech: Hashable, Sendable {
    public var samples: [Int16]
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// How long it lasts, in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }
}
