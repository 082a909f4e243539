/// The faces the library keeps open, bounded in bytes, least recently used first out. A
/// face costs tens to hundreds of KiB (FreeType's face and size, HarfBuzz's copies of the
/// shaping tables), and every distinct size is a face, so a kiosk whose titles take many
/// sizes would otherwise grow without end. Layouts do not hold faces (they name them, see
/// `FaceReference`), so an evicted face is really freed. Not locked: the library
/// serialises access.
final class FaceCache {
    let byteLimit: Int
    private(set) var byteCount = 0
    private var entries: [FontLibrary.FaceKey: (face: FontFace, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    var count: Int { entries.count }

    func face(_ key: FontLibrary.FaceKey) -> FontFace? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.face, clock)
        return entry.face
    }

    /// Keeps `face`, first evicting the least recently used until it fits (the newest
    /// face is always kept, even alone over the limit: it is in use). Returns whether a
    /// face was let go.
    @discardableResult
    func insert(_ face: FontFace, for key: FontLibrary.FaceKey) -> Bool {
        var evicted = false
        if let old = entries.removeValue(forKey: key) { byteCount -= old.face.estimatedBytes; evicted = true }
        while byteCount + face.estimatedBytes > byteLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            byteCount -= oldest.value.face.estimatedBytes
            evicted = true
        }
        clock += 1
        entries[key] = (face, clock)
        byteCount += face.estimatedBytes
        return evicted
    }

    /// Forgets the faces of `family` (its files changed).
    func removeAll(family: String) {
        for (key, entry) in entries where key.family == family {
            entries[key] = nil
            byteCount -= entry.face.estimatedBytes
        }
    }

    func removeAll() {
        entries.removeAll()
        byteCount = 0
    }
}
