import CFreeType
import CHarfBuzz
import KioskGraphics

/// One font file opened at one pixel size, with its HarfBuzz font (hb-ft) for shaping and
/// the synthetic styling it needs: an oblique shear when the family has no italic file, an
/// emboldened outline when it has no bold one.
final class FontFace {
    let file: FontFile
    /// What the library was asked for when it opened this face.
    let key: FontLibrary.FaceKey
    /// What the face costs while open, roughly (see `estimateBytes`).
    let estimatedBytes: Int
    /// The glyph cache's name for (file, synthetic styling).
    let styleID: Int32
    let size: Double
    let size26_6: Int32
    let syntheticOblique: Bool
    let syntheticBold: Bool
    let face: FT_Face
    let hbFont: OpaquePointer

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

    init(file: FontFile, key: FontLibrary.FaceKey, styleID: Int32, size: Double, syntheticOblique: Bool, syntheticBold: Bool,
         library: FT_Library) throws(TextError) {
        var opened: FT_Face?
        let error = FT_New_Face(library, file.path, 0, &opened)
        guard error == 0, let opened else {
            throw .unreadableFont(path: file.path, reason: "FreeType error \(error) opening it")
        }
        size26_6 = Int32((size * 64).rounded())
        guard FT_Set_Char_Size(opened, 0, FT_F26Dot6(size26_6), 72, 72) == 0 else {
            FT_Done_Face(opened)
            throw .unreadableFont(path: file.path, reason: "cannot be set at \(size) px")
        }
        face = opened
        guard let hb = hb_ft_font_create_referenced(opened) else {
            FT_Done_Face(opened)
            throw .freeTypeFailed("HarfBuzz font for \(file.path)")
        }
        // Unhinted advances: glyphs are placed at quarter pixels, so widths stay exact.
        hb_ft_font_set_load_flags(hb, Int32(FT_LOAD_NO_HINTING))
        hbFont = hb
        self.file = file
        self.key = key
        estimatedBytes = Self.estimateBytes(opened)
        self.styleID = styleID
        self.size = size
        self.syntheticOblique = syntheticOblique
        self.syntheticBold = syntheticBold

        let metrics = opened.pointee.size.pointee.metrics
        ascender = Double(metrics.ascender) / 64
        descender = Double(metrics.descender) / 64
        let scale = Double(metrics.y_scale) / 65536 / 64
        underlinePosition = -Double(opened.pointee.underline_position) * scale
        underlineThickness = max(Double(opened.pointee.underline_thickness) * scale, 1)
        if let os2 = FT_Get_Sfnt_Table(opened, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee,
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
        FT_Done_Face(face)
    }

    /// How a layout names this face without keeping it open.
    var reference: FaceReference { FaceReference(key: key, size: size, styleID: styleID, size26_6: size26_6, file: file) }

    /// FreeType's face, size and glyph slot and HarfBuzz's font (a fixed part, measured with
    /// the bundled fonts), plus the tables HarfBuzz copies out of the file as it shapes.
    private static func estimateBytes(_ face: FT_Face) -> Int {
        var bytes = 96 << 10
        for tag in ["cmap", "GSUB", "GPOS", "GDEF", "hmtx", "kern"] {
            let code = tag.utf8.reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1) }
            var length: FT_ULong = 0
            if FT_Load_Sfnt_Table(face, code, 0, nil, &length) == 0 { bytes += Int(length) }
        }
        return bytes
    }

    /// Whether the face draws `scalar` itself (not as its missing-glyph box).
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// The glyph's coverage with the pen `phase` quarter pixels right of a whole pixel.
    func render(glyph: UInt32, phase: UInt8) -> RenderedGlyph {
        let blank = RenderedGlyph(mask: nil, left: 0, top: 0)
        guard FT_Load_Glyph(face, glyph, Self.lightHinting | FT_Int32(FT_LOAD_NO_BITMAP)) == 0,
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
