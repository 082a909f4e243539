import CFreeType
import CHarfBuzz

/// A font file opened once and shared by every size it is set at (each a `FontFace` with a
/// FreeType size object of its own): FreeType's face (the mapped file, its character map,
/// the auto-hinter's analysis of its glyphs) and HarfBuzz's face (the shaping tables it
/// copies out of the file) cost far more than a size does, so they are not repeated per size.
final class OpenFontFile {
    let path: String
    let face: FT_Face
    /// HarfBuzz's face over `face`'s tables, shared by every size's HarfBuzz font.
    let hbFace: OpaquePointer
    /// What the file costs while open, roughly (see `estimateBytes`).
    let estimatedBytes: Int

    init(path: String, library: FT_Library) throws(TextError) {
        var opened: FT_Face?
        let error = FT_New_Face(library, path, 0, &opened)
        guard error == 0, let opened else {
            throw .unreadableFont(path: path, reason: "FreeType error \(error) opening it")
        }
        guard let hb = hb_ft_face_create_referenced(opened) else {
            FT_Done_Face(opened)
            throw .freeTypeFailed("HarfBuzz face for \(path)")
        }
        self.path = path
        face = opened
        hbFace = hb
        estimatedBytes = Self.estimateBytes(opened)
    }

    deinit {
        hb_face_destroy(hbFace)
        FT_Done_Face(face)
    }

    /// Whether the file draws `scalar` itself (not as its missing-glyph box).
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// FreeType's face and glyph slot with the auto-hinter's per-glyph styles (a fixed part
    /// plus two bytes a glyph, measured with the bundled fonts), and the tables HarfBuzz
    /// copies out of the file as it shapes or FreeType reads through the mapped file.
    private static func estimateBytes(_ face: FT_Face) -> Int {
        var bytes = (16 << 10) + 2 * Int(face.pointee.num_glyphs)
        for tag in ["cmap", "GSUB", "GPOS", "GDEF", "hmtx", "kern"] {
            let code = tag.utf8.reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1) }
            var length: FT_ULong = 0
            if FT_Load_Sfnt_Table(face, code, 0, nil, &length) == 0 { bytes += Int(length) }
        }
        return bytes
    }
}
