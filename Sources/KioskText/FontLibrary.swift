import CFreeType
import FoundationEssentials
import Glibc
import KioskCore
import KioskGraphics

/// A font file registered under a family, weight and style.
public struct FontFile: Hashable, Sendable {
    public var path: String
    public var family: String
    public var weight: FontWeight
    public var italic: Bool

    public init(path: String, family: String, weight: FontWeight = .regular, italic: Bool = false) {
        self.path = path
        self.family = family
        self.weight = weight
        self.italic = italic
    }
}

/// The fonts text is set in: families of font files, the fallback chain, the files opened
/// (once each) with the sizes set from them, and the glyph cache. Calls are serialised by a
/// lock, so one library may serve several screens on several threads.
public final class FontLibrary: @unchecked Sendable {
    /// Sizes beyond this are refused: one glyph would be megabytes.
    public static let maximumSize = 1000.0
    /// The glyph cache's default bound.
    public static let defaultGlyphCacheBytes = 8 << 20
    /// The open faces' default bound: every bundled file open (each once, whatever its
    /// sizes) with a few hundred sizes.
    public static let defaultFaceCacheBytes = 2 << 20

    /// The bundled files (see fonts/README.md), the first family first.
    public static let bundledFiles: [(file: String, family: String, weight: FontWeight, italic: Bool)] = [
        ("DejaVuSans.ttf", "DejaVu Sans", .regular, false),
        ("DejaVuSans-Bold.ttf", "DejaVu Sans", .bold, false),
        ("DejaVuSans-Oblique.ttf", "DejaVu Sans", .regular, true),
        ("DejaVuSans-BoldOblique.ttf", "DejaVu Sans", .bold, true),
        ("Loma.ttf", "Loma", .regular, false),
        ("Loma-Bold.ttf", "Loma", .bold, false),
        ("DroidSansFallbackFull.ttf", "Droid Sans Fallback", .regular, false),
        ("MaterialIcons-Regular.ttf", "Material Icons", .regular, false),
    ]

    let lock = Lock()
    private var library: FT_Library
    private var files: [FontFile] = []
    /// Families in fallback order: a character the first lacks comes from the next.
    public private(set) var families: [String] = []
    private var styleIDs: [StyleKey: Int32] = [:]
    private let faces: FaceCache
    let glyphs: GlyphCache
    let shapings = ShapingCache(limit: 512)

    private struct StyleKey: Hashable { var path: String, oblique: Bool, bold: Bool }
    /// A face as asked for: family, weight, style and size (26.6).
    struct FaceKey: Hashable { var family: String, weight: FontWeight, italic: Bool, size: Int32 }

    /// A library of `files` (checked as `register` does), the first file's family first.
    public init(files: [FontFile], glyphCacheBytes: Int = FontLibrary.defaultGlyphCacheBytes,
                faceCacheBytes: Int = FontLibrary.defaultFaceCacheBytes) throws(TextError) {
        var created: FT_Library?
        guard FT_Init_FreeType(&created) == 0, let created else { throw .freeTypeFailed("initialising the library") }
        library = created
        glyphs = GlyphCache(byteLimit: glyphCacheBytes)
        faces = FaceCache(byteLimit: faceCacheBytes)
        for file in files { try register(file) }
    }

    /// The bundled fonts, each file taken from the first of `directories` that has it
    /// (default: `FontLocator.searchDirectories()`). DejaVu Sans is required; the others
    /// join the fallback chain when found. A configured directory that does not exist is an
    /// error, not a silent fall back to other fonts.
    public convenience init(directories: [String]? = nil, glyphCacheBytes: Int = FontLibrary.defaultGlyphCacheBytes,
                            faceCacheBytes: Int = FontLibrary.defaultFaceCacheBytes) throws(TextError) {
        if directories == nil, let configured = FontLocator.configuredDirectory {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: configured, isDirectory: &isDirectory), isDirectory else {
                throw .fontDirectoryMissing(path: configured)
            }
        }
        let dirs = directories ?? FontLocator.searchDirectories()
        var files: [FontFile] = []
        for entry in Self.bundledFiles {
            guard let dir = dirs.first(where: { FileManager.default.fileExists(atPath: $0 + "/" + entry.file) }) else {
                if entry.file == "DejaVuSans.ttf" { throw .fontsNotFound(file: entry.file, searched: dirs) }
                continue
            }
            files.append(FontFile(path: dir + "/" + entry.file, family: entry.family, weight: entry.weight, italic: entry.italic))
        }
        try self.init(files: files, glyphCacheBytes: glyphCacheBytes, faceCacheBytes: faceCacheBytes)
    }

    deinit {
        shapings.removeAll()
        faces.removeAll()
        FT_Done_FreeType(library)
    }

    /// Adds a font file, checking that FreeType can open it and load a glyph from it. A new
    /// family joins the end of the fallback chain. Only a regular file is handed to FreeType,
    /// whose fopen would block on a FIFO for good.
    public func register(_ file: FontFile) throws(TextError) {
        guard FileManager.default.fileExists(atPath: file.path) else { throw .fontFileMissing(path: file.path) }
        do {
            try InputFile.checkRegular(file.path)
        } catch {
            throw .unreadableFont(path: file.path, reason: error.reason)
        }
        lock.lock()
        defer { lock.unlock() }
        var face: FT_Face?
        let error = FT_New_Face(library, file.path, 0, &face)
        guard error == 0, let face else { throw .unreadableFont(path: file.path, reason: "FreeType error \(error) opening it") }
        defer { FT_Done_Face(face) }
        let probe = FT_Get_Char_Index(face, 0x41)
        guard FT_Set_Char_Size(face, 0, 16 * 64, 72, 72) == 0,
              FT_Load_Glyph(face, probe, FT_Int32(FT_LOAD_NO_BITMAP)) == 0 else {
            throw .unreadableFont(path: file.path, reason: "its glyphs cannot be loaded (truncated?)")
        }
        files.removeAll { $0.family == file.family && $0.weight == file.weight && $0.italic == file.italic }
        files.append(file)
        faces.removeAll(family: file.family)
        shapings.removeAll()
        if !families.contains(file.family) { families.append(file.family) }
    }

    /// The registered files.
    public var registeredFiles: [FontFile] {
        lock.lock()
        defer { lock.unlock() }
        return files
    }

    /// Font files open (one face each, whatever the sizes), the sizes kept of them, and the
    /// estimated bytes of both.
    public var faceCacheUsage: (faces: Int, sizes: Int, bytes: Int, limit: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (faces.fileCount, faces.count, faces.byteCount, faces.byteLimit)
    }

    /// Paragraphs kept shaped (see `ShapingCache`) and their bound.
    public var shapingCacheUsage: (paragraphs: Int, limit: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (shapings.count, shapings.limit)
    }

    /// Glyphs cached and their bytes (masks plus bookkeeping).
    public var glyphCacheUsage: (glyphs: Int, bytes: Int, limit: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (glyphs.count, glyphs.byteCount, glyphs.byteLimit)
    }

    /// The library's caches (glyphs, faces, shaped paragraphs), as `kiosk ctl stats` reports them.
    public var cacheUsage: [CacheUsage] {
        let glyphs = glyphCacheUsage, faces = faceCacheUsage
        return [CacheUsage(name: "glyphs", entries: glyphs.glyphs, bytes: glyphs.bytes),
                CacheUsage(name: "faces", entries: faces.faces, bytes: faces.bytes),
                CacheUsage(name: "face_sizes", entries: faces.sizes),
                CacheUsage(name: "shaped", entries: shapingCacheUsage.paragraphs)]
    }

    static func checkSize(_ size: Double) throws(TextError) {
        guard size.isFinite, size > 0, size <= maximumSize else { throw .invalidSize(size) }
    }

    /// `family` at a weight, style and pixel size. A missing italic file is the upright one
    /// sheared; a missing bold one is the regular one emboldened. Caller holds the lock.
    func face(family: String, weight: FontWeight, italic: Bool, size: Double) throws(TextError) -> FontFace {
        try Self.checkSize(size)
        let key = FaceKey(family: family, weight: weight, italic: italic, size: Int32((size * 64).rounded()))
        if let face = faces.face(key) { return face }
        let candidates = files.filter { $0.family == family }
        guard !candidates.isEmpty else { throw .unknownFamily(family) }
        let exact = candidates.first { $0.weight == weight && $0.italic == italic }
        let upright = candidates.first { $0.weight == weight && !$0.italic }
        let regular = candidates.first { $0.weight == .regular && $0.italic == italic }
            ?? candidates.first { $0.weight == .regular && !$0.italic } ?? candidates[0]
        let file = exact ?? upright ?? regular
        let oblique = italic && !file.italic
        let bold = weight == .bold && file.weight != .bold
        let styleKey = StyleKey(path: file.path, oblique: oblique, bold: bold)
        let id = styleIDs[styleKey] ?? Int32(styleIDs.count)
        styleIDs[styleKey] = id
        let openFile: OpenFontFile
        if let open = faces.file(file.path) { openFile = open } else { openFile = try OpenFontFile(path: file.path, library: library) }
        let face = try FontFace(file: file, openFile: openFile, key: key, styleID: id, size: size, syntheticOblique: oblique,
                                syntheticBold: bold)
        if faces.insert(face, for: key) { shapings.removeAll() }
        return face
    }

    /// The face `reference` names, opened again if it was evicted. Caller holds the lock.
    func face(_ reference: FaceReference) throws(TextError) -> FontFace {
        try face(family: reference.key.family, weight: reference.key.weight, italic: reference.key.italic, size: reference.size)
    }

    /// The faces a style is set in: its family first, then the rest of the chain.
    /// The characters of `text` no registered face draws (white space, controls and
    /// invisible format characters aside), each once, in order of first use.
    public func uncovered(in text: String) -> [Unicode.Scalar] {
        lock.lock()
        defer { lock.unlock() }
        guard let chain = try? chain(for: TextStyle(size: 16)) else { return [] }
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !missing.contains(scalar) {
            let properties = scalar.properties
            if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control { continue }
            if !chain.contains(where: { $0.covers(scalar) }) { missing.append(scalar) }
        }
        return missing
    }

    /// An italic style also falls back to each family's upright face: an italic file often
    /// covers fewer scripts (DejaVu Sans Oblique has no Arabic), and scripts without italics
    /// are set upright rather than as boxes.
    func chain(for style: TextStyle) throws(TextError) -> [FontFace] {
        let first = style.family ?? families.first ?? ""
        var result: [FontFace] = []
        for family in [first] + families.filter({ $0 != first }) {
            let face = try face(family: family, weight: style.weight, italic: style.italic, size: style.size)
            result.append(face)
            if style.italic, face.file.italic {
                result.append(try self.face(family: family, weight: style.weight, italic: false, size: style.size))
            }
        }
        return result
    }
}
