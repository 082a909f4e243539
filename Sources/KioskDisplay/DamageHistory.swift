import KioskGraphics

/// Per-buffer damage for a swap chain (buffer age): each buffer remembers what changed
/// since it was last brought up to date, so a buffer shown two frames ago gets the union of
/// the last two frames' damage and nothing more. Pure bookkeeping, in UI coordinates.
public struct DamageHistory: Sendable {
    public let bounds: PixelRect
    private var pending: [Region]

    /// Every buffer starts fully damaged: its memory holds nothing of the picture yet.
    public init(bufferCount: Int, bounds: PixelRect) {
        precondition(bufferCount > 0, "a swap chain needs at least one buffer")
        self.bounds = bounds
        pending = Array(repeating: Region(bounds), count: bufferCount)
    }

    public var bufferCount: Int { pending.count }

    /// A frame changed `damage`: every buffer is now stale there.
    public mutating func add(_ damage: Region) {
        let clipped = damage.intersection(bounds)
        guard !clipped.isEmpty else { return }
        for i in pending.indices { pending[i].formUnion(clipped) }
    }

    /// Every buffer must be redrawn whole (after a modeset, or the VT coming back).
    public mutating func invalidateAll() {
        for i in pending.indices { pending[i] = Region(bounds) }
    }

    /// True when `buffer` lacks nothing: if it is on screen, the screen is up to date.
    public func isCurrent(_ buffer: Int) -> Bool { pending[buffer].isEmpty }

    /// What `buffer` lacks.
    public func pending(for buffer: Int) -> Region { pending[buffer] }

    /// What to copy into `buffer` to bring it up to date; it counts as up to date afterwards.
    public mutating func take(for buffer: Int) -> Region {
        defer { pending[buffer] = Region() }
        return pending[buffer]
    }

    /// Gives back a region taken for `buffer` that did not reach the screen (a flip refused
    /// with EBUSY), so no damage is lost.
    public mutating func giveBack(_ region: Region, to buffer: Int) {
        pending[buffer].formUnion(region)
    }
}
