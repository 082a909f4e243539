import KioskGraphics

/// Where each line sits across the width: `leading` is the side its paragraph starts on
/// (the left for left-to-right text, the right for right-to-left).
public enum TextAlignment: Hashable, Sendable {
    case leading, center, trailing
}

/// Text set into lines: sizes for layout, and glyphs ready to draw from the glyph cache.
/// Immutable once made; drawing takes the library's lock, so layouts cross threads.
public final class TextLayout: @unchecked Sendable {
    public struct Line {
        /// Advance of the line's glyphs, trailing white space excluded.
        public let width: Double
        /// Distance from the layout's top to the line's top, and its extent above and below
        /// the baseline (whole pixels, from the faces' metrics).
        public let top: Double
        public let ascender: Double
        public let descender: Double
        public var height: Double { ascender + descender }
        /// Its paragraph's direction: which side `leading` alignment puts it on.
        public let direction: TextDirection
        /// Which paragraph (text between line feeds, from 0) it belongs to.
        public let paragraph: Int
        let glyphs: Range<Int>
    }

    struct Glyph {
        /// Index into `faces`.
        var face: Int
        var glyph: UInt32
        /// Pen position from the line's start, with HarfBuzz's offsets applied.
        var x: Double
        var y: Double
        var advance: Double
        var run: Int
        /// Trailing white space: drawn (invisible) but not decorated.
        var hangs: Bool
        /// The character (grapheme cluster, counted from its paragraph's start) it draws; nil
        /// for an ellipsis.
        var character: Int?
    }

    public let lines: [Line]
    /// Widest line (rounded up) by the lines' heights.
    public let size: Size
    public let alignment: TextAlignment
    /// The direction whose start `leading` means; nil: each line's paragraph's.
    public let alignmentDirection: TextDirection?
    /// Every line is shown, at the text's own size: set for any greater height (or none),
    /// the text would come out the same.
    public let isUncut: Bool
    let glyphs: [Glyph]
    /// The faces glyphs come from, named (a layout keeps no face open).
    let faces: [FaceReference]
    let styles: [TextStyle]
    /// Each run's first face's decoration metrics.
    let primaries: [Decorations]
    let library: FontLibrary

    /// Where a face puts underlines and strike-throughs, pixels.
    struct Decorations {
        var underlinePosition: Double
        var underlineThickness: Double
        var strikeoutPosition: Double
        var strikeoutThickness: Double

        init(_ face: FontFace) {
            underlinePosition = face.underlinePosition
            underlineThickness = face.underlineThickness
            strikeoutPosition = face.strikeoutPosition
            strikeoutThickness = face.strikeoutThickness
        }
    }

    init(lines: [Line], glyphs: [Glyph], faces: [FaceReference], styles: [TextStyle], primaries: [Decorations],
         alignment: TextAlignment, alignmentDirection: TextDirection?, isUncut: Bool, library: FontLibrary) {
        self.lines = lines
        self.glyphs = glyphs
        self.faces = faces
        self.styles = styles
        self.primaries = primaries
        self.alignment = alignment
        self.alignmentDirection = alignmentDirection
        self.isUncut = isUncut
        self.library = library
        size = Size(width: (lines.map(\.width).max() ?? 0).rounded(.up), height: lines.reduce(0) { $0 + $1.height })
    }

    /// The faces glyphs were taken from (fallback included), in order of first use.
    public var facesUsed: [FontFile] {
        var seen: [FontFile] = []
        for glyph in glyphs where !seen.contains(faces[glyph.face].file) { seen.append(faces[glyph.face].file) }
        return seen
    }

    /// The glyph ids and advances, in drawing order (left to right on each line).
    public var glyphAdvances: [(glyph: UInt32, advance: Double)] { glyphs.map { ($0.glyph, $0.advance) } }

    /// Which face drew what on line `index`, left to right: each stretch of glyphs from one
    /// face with the characters (counted from the paragraph's start) they draw, trailing
    /// white space left out. What `kiosk text --explain` prints.
    public func faces(ofLine index: Int) -> [(face: FontFile, characters: [Int])] {
        var result: [(face: FontFile, characters: [Int])] = []
        var lastFace: Int?
        for glyph in glyphs[lines[index].glyphs] where !glyph.hangs {
            if glyph.face != lastFace { result.append((faces[glyph.face].file, [])) }
            lastFace = glyph.face
            if let character = glyph.character, result[result.count - 1].characters.last != character {
                result[result.count - 1].characters.append(character)
            }
        }
        return result
    }

    /// The characters line `index` shows, left to right (each once, counted from its
    /// paragraph's start; trailing white space and an ellipsis left out): the visual order
    /// the bidi algorithm gave them.
    public func visualOrder(ofLine index: Int) -> [Int] {
        var order: [Int] = []
        for glyph in glyphs[lines[index].glyphs] where !glyph.hangs {
            if let character = glyph.character, order.last != character { order.append(character) }
        }
        return order
    }

    /// Draws the lines in `rect`: each aligned across its width, the block centred in its
    /// height with baselines on whole pixels (so a label sits centred in a button, and
    /// drawing in a rect of `size` puts the first line at the top).
    public func draw(on canvas: Canvas, in rect: Rect) {
        library.lock.lock()
        defer { library.lock.unlock() }
        let blockTop = rect.minY + ((rect.height - size.height) / 2).rounded()
        let clip = canvas.clip
        for line in lines {
            let lineX: Double
            switch (alignment, alignmentDirection ?? line.direction) {
            case (.leading, .leftToRight), (.trailing, .rightToLeft): lineX = rect.minX
            case (.center, _): lineX = rect.minX + (rect.width - line.width) / 2
            case (.trailing, .leftToRight), (.leading, .rightToLeft): lineX = rect.maxX - line.width
            }
            let baseline = blockTop + line.top + line.ascender
            for glyph in glyphs[line.glyphs] {
                let face = faces[glyph.face]
                // A glyph's ink lies within two ems of its advance: one wholly beside the clip (a
                // caret's blink redraws a sliver of a long line) is neither looked up nor drawn.
                let reach = Double(face.size26_6) / 32
                guard lineX + glyph.x + glyph.advance + reach >= Double(clip.x),
                      lineX + glyph.x - reach <= Double(clip.x + clip.width) else { continue }
                let quarters = Self.nearest((lineX + glyph.x) * 4)
                let pixel = Int((quarters / 4).rounded(.down))
                let phase = UInt8(Int(quarters) - pixel * 4)
                let key = GlyphCache.Key(face: face.styleID, size: face.size26_6, glyph: glyph.glyph, phase: phase)
                let rendered = library.glyphs.glyph(key) {
                    (try? library.face(face))?.render(glyph: glyph.glyph, phase: phase) ?? RenderedGlyph(mask: nil, left: 0, top: 0)
                }
                guard let mask = rendered.mask else { continue }
                canvas.draw(mask: mask, at: (pixel + rendered.left, Int(Self.nearest(baseline - glyph.y)) - rendered.top),
                            color: styles[glyph.run].color)
            }
            drawDecorations(line, lineX: lineX, baseline: baseline, on: canvas)
        }
    }

    /// The nearest whole number, halves up on both sides of zero: text moved by whole pixels
    /// (a screen sliding past the left edge) lands on the same pixels, moved.
    private static func nearest(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

    /// Draws the layout with its top-left at `origin`.
    public func draw(on canvas: Canvas, at origin: Point) {
        draw(on: canvas, in: Rect(origin: origin, size: size))
    }

    /// Underlines and strike-throughs, one bar per stretch of a run on the line.
    private func drawDecorations(_ line: Line, lineX: Double, baseline: Double, on canvas: Canvas) {
        var index = line.glyphs.lowerBound
        while index < line.glyphs.upperBound {
            let run = glyphs[index].run
            var end = index
            while end < line.glyphs.upperBound, glyphs[end].run == run, !glyphs[end].hangs { end += 1 }
            let style = styles[run], face = primaries[run]
            if end > index, style.underline || style.strikethrough {
                let x0 = Int(Self.nearest(lineX + glyphs[index].x))
                let x1 = Int(Self.nearest(lineX + glyphs[end - 1].x + glyphs[end - 1].advance))
                if style.underline {
                    let thickness = max(Int(face.underlineThickness.rounded()), 1)
                    let y = Int(Self.nearest(baseline + face.underlinePosition - face.underlineThickness / 2))
                    canvas.fill(PixelRect(x: x0, y: y, width: x1 - x0, height: thickness), color: style.color)
                }
                if style.strikethrough {
                    let thickness = max(Int(face.strikeoutThickness.rounded()), 1)
                    let y = Int(Self.nearest(baseline - face.strikeoutPosition - face.strikeoutThickness / 2))
                    canvas.fill(PixelRect(x: x0, y: y, width: x1 - x0, height: thickness), color: style.color)
                }
            }
            index = max(end, index + 1)
            while index < line.glyphs.upperBound, glyphs[index].hangs { index += 1 }
        }
    }
}
