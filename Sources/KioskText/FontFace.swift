import CFreeType
import CHarfBuzz
import KioskGraphics

/// One font file at one pixel size: a FreeType size object of the file's shared face, a
/// HarfBuzz font (hb-ft) over the file's shared HarfBuzz face, and the synthetic styling
/// it needs: an oblique shear when the family has no italic file, an emboldened outline
/// when it has no bold one. The size is made the face's active one before each use.
final class FontFace {
    let file: FontFile
    /// The opened file this size belongs to.
    let openFile: OpenFontFile
    /// What the library was asked for when it opened this face.
    let key: FontLibrary.FaceKey
    /// What the size costs while open, the file aside (see `sizeBytes`).
    let estimatedBytes = FontFace.sizeBytes
    /// The glyph cache's name for (file, synthetic styling).
    let styleID: Int32
    let size: Double
    let size26_6: Int32
    let syntheticOblique: Bool
    let syntheticBold: Bool
    private let ftSize: FT_Size
    private let hbFont: OpaquePointer

    let ascender: Double
    let descender: Double
    let underlinePosition: Double
    let underlineThickness: Double
    let strikeoutPosition: Double
    let strikeoutThickness: Double

    /// The shear of a synthetic oblique (x += 0.2 y), about 11°, like DejaVu's own oblique.
    static let obliqueShear: FT_Fixed = 0x3333
    /// FT_LOAD_TARGET_LIGHT (a macro Swift cannot import): vertical-only hinting, so
    /// horizontal subpixel positions keep their shapes.
    static let lightHinting = FT_Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16

    /// FreeType's size object with its scaled metrics, HarfBuzz's font with its shaper data
    /// and hb-ft's advance cache (measured with the bundled fonts).
    static let sizeBytes = 3 << 10

    init(file: FontFile, openFile: OpenFontFile, key: FontLibrary.FaceKey, styleID: Int32, size: Double, syntheticOblique: Bool,
         syntheticBold: Bool) throws(TextError) {
        let face = openFile.face
        var created: FT_Size?
        guard FT_New_Size(face, &created) == 0, let created else { throw .freeTypeFailed("a size of \(file.path)") }
        size26_6 = Int32((size * 64).rounded())
        guard FT_Activate_Size(created) == 0, FT_Set_Char_Size(face, 0, FT_F26Dot6(size26_6), 72, 72) == 0 else {
            FT_Done_Size(created)
            throw .unreadableFont(path: file.path, reason: "cannot be set at \(size) px")
        }
        guard let hb = hb_ft_font_create_referenced(face) else {
            FT_Done_Size(created)
            throw .freeTypeFailed("HarfBuzz font for \(file.path)")
        }
        // The file's HarfBuzz face in place of the one hb-ft made for this font alone, then
        // hb-ft told the font is in step with the active size (setting a face marks it changed).
        hb_font_set_face(hb, openFile.hbFace)
        hb_ft_font_changed(hb)
        // Unhinted advances: glyphs are placed at quarter pixels, so widths stay exact.
        hb_ft_font_set_load_flags(hb, Int32(FT_LOAD_NO_HINTING))
        ftSize = created
        hbFont = hb
        self.file = file
        self.openFile = openFile
        self.key = key
        self.styleID = styleID
        self.size = size
        self.syntheticOblique = syntheticOblique
        self.syntheticBold = syntheticBold

        let metrics = created.pointee.metrics
        ascender = Double(metrics.ascender) / 64
        descender = Double(metrics.descender) / 64
        let scale = Double(metrics.y_scale) / 65536 / 64
        underlinePosition = -Double(face.pointee.underline_position) * scale
        underlineThickness = max(Double(face.pointee.underline_thickness) * scale, 1)
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee,
           os2.yStrikeoutSize > 0 {
            strikeoutPosition = Double(os2.yStrikeoutPosition) * scale
            strikeoutThickness = max(Double(os2.yStrikeoutSize) * scale, 1)
        } else {
            strikeoutPosition = ascender * 0.3
            strikeoutThickness = underlineThickness
        }
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Size(ftSize)
    }

    /// How a layout names this face without keeping it open.
    var reference: FaceReference { FaceReference(key: key, size: size, styleID: styleID, size26_6: size26_6, file: file) }

    /// Whether the face draws `scalar` itself (not as its missing-glyph box).
    func covers(_ scalar: Unicode.Scalar) -> Bool { openFile.covers(scalar) }

    /// Shapes `buffer`'s text at this size (hb-ft measures with the face's active size).
    func shape(_ buffer: OpaquePointer?) {
        FT_Activate_Size(ftSize)
        hb_shape(hbFont, buffer, nil, 0)
    }

    /// The glyph's coverage with the pen `phase` quarter pixels right of a whole pixel.
    func render(glyph: UInt32, phase: UInt8) -> RenderedGlyph {
        let blank = RenderedGlyph(mask: nil, left: 0, top: 0)
        let face = openFile.face
        guard FT_Activate_Size(ftSize) == 0, FT_Load_Glyph(face, glyph, Self.lightHinting | FT_Int32(FT_LOAD_NO_BITMAP)) == 0,
              let slot = face.pointee.glyph else { return blank }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            if syntheticBold { FT_Outline_EmboldenXY(&slot.pointee.outline, FT_Pos(max(size * 64 / 24, 32)), 0) }
            if syntheticOblique {
                var shear = FT_Matrix(xx: 0x10000, xy: Self.obliqueShear, yx: 0, yy: 0x10000)
                FT_Outline_Transform(&slot.pointee.outline, &shear)
            }
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase) * 16, 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return blank }
        let bitmap = slot.pointee.bitmap
        var mask: AlphaMask?
        if bitmap.width > 0, bitmap.rows > 0, bitmap.pitch > 0, let buffer = bitmap.buffer {
            mask = try? AlphaMask(width: Int(bitmap.width), height: Int(bitmap.rows), copying: buffer, sourcePitch: Int(bitmap.pitch))
        }
        return RenderedGlyph(mask: mask, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }
}
