import CFreeType
import CHarfBuzz
import Foundation
import KioskUI

/// Sets text in DejaVu Sans (regular, bold, oblique, bold oblique): each run shaped by
/// HarfBuzz (kerning, ligatures, marks), greedy word wrap at spaces, lines centred; glyph
/// coverage is rendered by FreeType once per (face, size, glyph) and drawn through alpha
/// masks. Calls are serialised by a
/// lock, so one engine may serve several hosts on several threads.
public final class FreeTypeTextEngine: TextEngine, @unchecked Sendable {
    public struct FontError: Error, CustomStringConvertible {
        public var description: String
    }

    private struct FaceKey: Hashable {
        var bold: Bool
        var italic: Bool
        var size: Int  // 26.6 pixels
    }

    private struct GlyphKey: Hashable {
        var face: FaceKey
        var index: UInt32
    }

    private struct Glyph {
        var mask: AlphaMask?
        var left: Int
        var top: Int
    }

    /// A glyph as HarfBuzz placed it: advances and offsets in pixels.
    private struct Shaped {
        var index: UInt32
        var advance: Double
        var offset: Double
        var isSpace: Bool
    }

    private final class Face {
        let face: FT_Face
        let ascender: Double
        let descender: Double
        let lineHeight: Double
        let underlinePosition: Double
        let underlineThickness: Double
        /// HarfBuzz's font over the same FreeType face (it holds a reference to it).
        let font: OpaquePointer

        init(face: FT_Face) {
            self.face = face
            let metrics = face.pointee.size.pointee.metrics
            ascender = Double(metrics.ascender) / 64
            descender = Double(metrics.descender) / 64
            lineHeight = Double(metrics.height) / 64
            let scale = Double(metrics.y_scale) / 65536 / 64
            underlinePosition = -Double(face.pointee.underline_position) * scale
            underlineThickness = max(Double(face.pointee.underline_thickness) * scale, 1)
            font = hb_ft_font_create_referenced(face)
        }

        deinit {
            hb_font_destroy(font)
            FT_Done_Face(face)
        }
    }

    private var library: FT_Library?
    private let paths: [String: String]
    private var faces: [FaceKey: Face] = [:]
    private var glyphs: [GlyphKey: Glyph] = [:]
    private let lock = NSLock()
    private struct MeasureKey: Hashable {
        var text: StyledText
        var maxWidth: Double?
    }
    /// Layout asks for the same labels' sizes on every update; kept until it grows large.
    private var measured: [MeasureKey: Size] = [:]

    /// Fonts are looked for in `directories` (default: `$KIOSK_FONTS`, `fonts/`, and
    /// Debian's DejaVu directory).
    public init(directories: [String]? = nil) throws {
        var dirs = directories ?? []
        if directories == nil {
            if let env = ProcessInfo.processInfo.environment["KIOSK_FONTS"] { dirs.append(env) }
            dirs += ["fonts", "/usr/share/fonts/truetype/dejavu"]
        }
        var found: [String: String] = [:]
        for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"] {
            if let dir = dirs.first(where: { FileManager.default.fileExists(atPath: $0 + "/" + name) }) {
                found[name] = dir + "/" + name
            }
        }
        guard found["DejaVuSans.ttf"] != nil else {
            throw FontError(description: "DejaVuSans.ttf not found in \(dirs.joined(separator: ", ")) (install fonts-dejavu-core)")
        }
        paths = found
        guard FT_Init_FreeType(&library) == 0 else { throw FontError(description: "FreeType failed to initialise") }
    }

    deinit {
        faces.removeAll()
        if let library { FT_Done_FreeType(library) }
    }

    private func face(_ key: FaceKey) -> Face? {
        if let face = faces[key] { return face }
        let name = "DejaVuSans" + (key.bold || key.italic ? "-" : "") + (key.bold ? "Bold" : "") + (key.italic ? "Oblique" : "") + ".ttf"
        guard let path = paths[name] ?? paths["DejaVuSans.ttf"] else { return nil }
        var ft: FT_Face?
        guard FT_New_Face(library, path, 0, &ft) == 0, let ft else { return nil }
        FT_Set_Char_Size(ft, 0, FT_F26Dot6(key.size), 72, 72)
        let face = Face(face: ft)
        faces[key] = face
        return face
    }

    private func glyph(_ index: UInt32, _ key: FaceKey, _ face: Face) -> Glyph {
        let glyphKey = GlyphKey(face: key, index: index)
        if let glyph = glyphs[glyphKey] { return glyph }
        var glyph = Glyph(mask: nil, left: 0, top: 0)
        if FT_Load_Glyph(face.face, index, FT_Int32(FT_LOAD_DEFAULT)) == 0,
           FT_Render_Glyph(face.face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0 {
            let slot = face.face.pointee.glyph.pointee
            let bitmap = slot.bitmap
            glyph.left = Int(slot.bitmap_left)
            glyph.top = Int(slot.bitmap_top)
            if bitmap.width > 0, bitmap.rows > 0, bitmap.pitch > 0, let buffer = bitmap.buffer {
                glyph.mask = try? AlphaMask(width: Int(bitmap.width), height: Int(bitmap.rows), copying: buffer,
                                            sourcePitch: Int(bitmap.pitch))
            }
        }
        glyphs[glyphKey] = glyph
        return glyph
    }

    /// Shapes one line's worth of a run (no newlines) with HarfBuzz.
    private func shape(_ text: Substring, _ face: Face) -> [Shaped] {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        bytes.withUnsafeBufferPointer { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { hb_buffer_add_utf8(buffer, $0.baseAddress, Int32(bytes.count), 0, Int32(bytes.count)) }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { i in
            let cluster = Int(infos[i].cluster)
            return Shaped(index: infos[i].codepoint, advance: Double(positions[i].x_advance) / 64,
                          offset: Double(positions[i].x_offset) / 64, isSpace: cluster < bytes.count && bytes[cluster] == 0x20)
        }
    }

    // MARK: Layout

    /// One glyph placed on a line: `x` is the pen position, `offset` HarfBuzz's nudge.
    private struct Placed {
        var glyph: Glyph
        var face: Face
        var run: Int
        var x: Double
        var advance: Double
        var offset: Double
        var isSpace: Bool
    }

    private struct Line {
        var items: [Placed] = []
        var width = 0.0
        var ascender = 0.0
        var descender = 0.0
        var height: Double { ascender - descender }
    }

    private func key(for font: Font) -> FaceKey {
        FaceKey(bold: font.weight >= .semibold, italic: font.isItalic, size: max(Int((font.size * 64).rounded()), 64))
    }

    private func layout(_ text: StyledText, maxWidth: Double?) -> [Line] {
        var lines = [Line()]
        var lastSpace: Int?  // index in the current line after which it may break
        for (r, run) in text.runs.enumerated() {
            let faceKey = key(for: run.font)
            guard let face = face(faceKey) else { continue }
            for (s, segment) in run.string.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if s > 0 {
                    lines.append(Line())
                    lastSpace = nil
                }
                lines[lines.count - 1].ascender = max(lines[lines.count - 1].ascender, face.ascender)
                lines[lines.count - 1].descender = min(lines[lines.count - 1].descender, face.descender)
                for shaped in shape(segment, face) {
                    let g = glyph(shaped.index, faceKey, face)
                    var x = lines[lines.count - 1].width
                    if let maxWidth, !shaped.isSpace, x + shaped.advance > maxWidth + 0.5, let breakAt = lastSpace {
                        // Move the word after the last space to a new line.
                        var line = lines[lines.count - 1]
                        let moved = Array(line.items[(breakAt + 1)...])
                        line.items.removeSubrange(breakAt...)
                        line.width = line.items.last.map { $0.x + $0.advance } ?? 0
                        lines[lines.count - 1] = line
                        var next = Line(ascender: face.ascender, descender: face.descender)
                        let shift = moved.first?.x ?? 0
                        for var item in moved {
                            item.x -= shift
                            next.ascender = max(next.ascender, item.face.ascender)
                            next.descender = min(next.descender, item.face.descender)
                            next.items.append(item)
                        }
                        next.width = next.items.last.map { $0.x + $0.advance } ?? 0
                        lines.append(next)
                        lastSpace = nil
                        x = next.width
                    }
                    if shaped.isSpace { lastSpace = lines[lines.count - 1].items.count }
                    lines[lines.count - 1].items.append(Placed(glyph: g, face: face, run: r, x: x, advance: shaped.advance,
                                                               offset: shaped.offset, isSpace: shaped.isSpace))
                    lines[lines.count - 1].width = x + shaped.advance
                }
            }
        }
        return lines
    }

    public func measure(_ text: StyledText, maxWidth: Double?) -> Size {
        lock.lock()
        defer { lock.unlock() }
        let key = MeasureKey(text: text, maxWidth: maxWidth)
        if let size = measured[key] { return size }
        let lines = layout(text, maxWidth: maxWidth)
        let size = Size(width: (lines.map(\.width).max() ?? 0).rounded(.up), height: lines.reduce(0) { $0 + $1.height }.rounded(.up))
        if measured.count >= 4096 { measured.removeAll(keepingCapacity: true) }
        measured[key] = size
        return size
    }

    public func draw(_ text: StyledText, in rect: Rect, on canvas: Canvas) {
        lock.lock()
        defer { lock.unlock() }
        var top = rect.minY
        for line in layout(text, maxWidth: rect.width + 0.5) {
            let left = rect.minX + (rect.width - line.width) / 2
            let baseline = (top + line.ascender).rounded()
            for item in line.items {
                let run = text.runs[item.run]
                if let mask = item.glyph.mask {
                    canvas.draw(mask: mask, at: (Int((left + item.x + item.offset).rounded()) + item.glyph.left, Int(baseline) - item.glyph.top),
                                color: run.color)
                }
                if run.isUnderlined {
                    let y = baseline + item.face.underlinePosition.rounded()
                    let x0 = Int((left + item.x).rounded()), x1 = Int((left + item.x + item.advance).rounded())
                    canvas.fill(PixelRect(x: x0, y: Int(y), width: x1 - x0, height: Int(item.face.underlineThickness.rounded())),
                                color: run.color)
                }
            }
            top += line.height
        }
    }
}
