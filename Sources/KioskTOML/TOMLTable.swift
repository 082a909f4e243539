/// A TOML table: its keys in the order the text gave them, each with the position of the
/// key and its value. Keys are told apart by their exact Unicode scalars, as TOML does (no
/// normalisation).
public struct TOMLTable: Sendable {
    public struct Entry: Sendable {
        public var key: String
        /// Where the key was written; for a table made by a dotted key or a header, the
        /// key part that first named it.
        public var keyPosition: TOMLPosition
        public var value: TOMLValue
    }

    public private(set) var entries: [Entry] = []
    /// Where the table was made: its `[header]`, its `{`, or the key that made it.
    public var position: TOMLPosition
    private var index: [[UInt8]: Int] = [:]

    public init(position: TOMLPosition) {
        self.position = position
    }

    public var keys: [String] { entries.map(\.key) }
    public var isEmpty: Bool { entries.isEmpty }

    public subscript(key: String) -> TOMLValue? {
        entry(key)?.value
    }

    public func entry(_ key: String) -> Entry? {
        index[Array(key.utf8)].map { entries[$0] }
    }

    /// Adds `key`; the parser has already checked that it is new.
    mutating func append(_ key: String, at keyPosition: TOMLPosition, _ value: TOMLValue) {
        index[Array(key.utf8)] = entries.count
        entries.append(Entry(key: key, keyPosition: keyPosition, value: value))
    }
}
