/// A view's path with its hash worked out once, for tables a frame looks views up in: a
/// drag's every frame looks its offset and its shape up by path, and hashing the path
/// string each time showed in the frame.
struct PathKey: Hashable {
    let path: String
    private let hash: Int

    init(_ path: String) {
        self.path = path
        hash = path.hashValue
    }

    static func == (a: PathKey, b: PathKey) -> Bool { a.hash == b.hash && a.path == b.path }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
