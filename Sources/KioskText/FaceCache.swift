/// The faces the library keeps open, bounded in bytes, least recently used first out: the
/// sizes (a few KiB each) and the files they belong to (tens to hundreds of KiB each: see
/// `OpenFontFile`), a file open for as long as one of its sizes is kept. Every distinct size
/// is a face, so a kiosk whose titles take many sizes would otherwise grow without end.
/// Layouts do not hold faces (they name them, see `FaceReference`), so an evicted face is
/// really freed. Not locked: the library serialises access.
final class FaceCache {
    let byteLimit: Int
    /// The kept sizes' bytes and their open files'.
    private(set) var byteCount = 0
    private var sizes: [FontLibrary.FaceKey: (face: FontFace, lastUse: UInt64)] = [:]
    /// The open files by path, with how many kept sizes use each.
    private var files: [String: (file: OpenFontFile, sizes: Int)] = [:]
    private var clock: UInt64 = 0

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    /// Sizes kept.
    var count: Int { sizes.count }
    /// Files open.
    var fileCount: Int { files.count }

    func face(_ key: FontLibrary.FaceKey) -> FontFace? {
        guard let entry = sizes[key] else { return nil }
        clock += 1
        sizes[key] = (entry.face, clock)
        return entry.face
    }

    /// The open file at `path`, if one of the kept sizes uses it.
    func file(_ path: String) -> OpenFontFile? { files[path]?.file }

    /// Keeps `face`, first evicting the least recently used sizes (and the files only they
    /// used) until it fits (the newest face is always kept, even alone over the limit: it is
    /// in use). Returns whether a face was let go.
    @discardableResult
    func insert(_ face: FontFace, for key: FontLibrary.FaceKey) -> Bool {
        var evicted = false
        if sizes[key] != nil { remove(key); evicted = true }
        func cost() -> Int { face.estimatedBytes + (files[face.openFile.path] == nil ? face.openFile.estimatedBytes : 0) }
        while byteCount + cost() > byteLimit, let oldest = sizes.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            remove(oldest.key)
            evicted = true
        }
        byteCount += cost()
        files[face.openFile.path, default: (face.openFile, 0)].sizes += 1
        clock += 1
        sizes[key] = (face, clock)
        return evicted
    }

    /// Forgets the faces of `family` (its files changed).
    func removeAll(family: String) {
        for key in sizes.keys where key.family == family { remove(key) }
    }

    func removeAll() {
        sizes.removeAll()
        files.removeAll()
        byteCount = 0
    }

    /// Lets the size under `key` go, and its file when no other kept size uses it.
    private func remove(_ key: FontLibrary.FaceKey) {
        guard let face = sizes.removeValue(forKey: key)?.face else { return }
        byteCount -= face.estimatedBytes
        let path = face.openFile.path
        guard let file = files[path] else { return }
        if file.sizes > 1 {
            files[path]?.sizes -= 1
        } else {
            files[path] = nil
            byteCount -= file.file.estimatedBytes
        }
    }
}
