/// How full one of the kiosk's bounded caches is: what `kiosk ctl stats` reports, so an
/// operator can tell a cache at its bound from memory that keeps growing.
public struct CacheUsage: Equatable, Sendable {
    /// A short name, as the stats fields spell it: `glyphs`, `shadows`…
    public var name: String
    public var entries: Int
    /// What the entries cost, for caches bounded in bytes (nil: bounded by count only).
    public var bytes: Int?

    public init(name: String, entries: Int, bytes: Int? = nil) {
        self.name = name
        self.entries = entries
        self.bytes = bytes
    }
}

extension CacheUsage {
    /// `cache_NAME` (entries) and `cache_NAME_kb` (bytes, for a cache bounded in bytes): how
    /// `ctl stats` and a simulation's memory lines name the usage.
    public var fields: [(name: String, value: Int)] {
        var fields = [("cache_" + name, entries)]
        if let bytes { fields.append(("cache_" + name + "_kb", bytes / 1024)) }
        return fields
    }
}
