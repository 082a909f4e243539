import KioskGraphics

extension FontLibrary {
    /// Shapes `text` and sets it into lines. Line feeds end paragraphs; with a `maxWidth`,
    /// `.wrap` wraps each paragraph and `.truncateTail` cuts each to one line ending in "…".
    /// Each paragraph runs in `direction`, or its first strong character's when nil, and its
    /// lines are in the bidi algorithm's visual order. Empty text is one empty line (width 0,
    /// the first run's line height). Sizes must be in 0 < size <= `maximumSize`.
    public func layout(_ text: RichText, maxWidth: Double? = nil, lineBreak: LineBreakMode = .wrap,
                       alignment: TextAlignment = .leading, direction: TextDirection? = nil) throws(TextError) -> TextLayout {
        lock.lock()
        defer { lock.unlock() }
        let runs = text.runs.isEmpty ? [RichText.Run("")] : text.runs
        var chains: [[FontFace]] = []
        for run in runs { chains.append(try chain(for: run.style)) }
        let primaries = chains.map { $0[0] }
        var faces: [FaceReference] = []
        var faceIndex: [ObjectIdentifier: Int] = [:]
        func index(of face: FontFace) -> Int {
            if let known = faceIndex[ObjectIdentifier(face)] { return known }
            faces.append(face.reference)
            faceIndex[ObjectIdentifier(face)] = faces.count - 1
            return faces.count - 1
        }

        var lines: [TextLayout.Line] = []
        var glyphs: [TextLayout.Glyph] = []
        var top = 0.0
        for (paragraphIndex, paragraph) in Self.paragraphs(runs).enumerated() {
            let shaped = ShapedParagraph(paragraph.pieces, chains: chains, direction: direction)
            var ranges: [Range<Int>]
            var ellipsis: ShapedParagraph?
            let fullWidth = shaped.characters.reduce(0) { $0 + $1.width }
            switch (lineBreak, maxWidth) {
            case (.wrap, let width?): ranges = LineBreaker.wrap(shaped.characters, maxWidth: width)
            case (.truncateTail, let width?) where fullWidth > width + 0.01:
                let runOfEnd = shaped.characters.last?.run ?? paragraph.run
                let dots = ShapedParagraph([(runOfEnd, "…"[...])], chains: chains)
                let dotsWidth = dots.characters.reduce(0) { $0 + $1.width }
                ranges = [0..<LineBreaker.truncationEnd(shaped.characters, ellipsisWidth: dotsWidth, maxWidth: width)]
                ellipsis = dots
            default: ranges = [0..<shaped.characters.count]
            }
            for range in ranges {
                let first = glyphs.count
                var ascender = 0.0, descender = 0.0
                var lineRuns: Set<Int> = range.isEmpty ? [paragraph.run] : []
                let visibleEnd = range.lowerBound + (range.upperBound > range.lowerBound
                    ? (shaped.characters[range].lastIndex { !$0.isSpace }.map { $0 - range.lowerBound + 1 } ?? 0) : 0)
                var visible: [ShapedGlyph] = [], hanging: [ShapedGlyph] = []
                for glyph in shaped.glyphs where range.contains(glyph.character) {
                    if glyph.character < visibleEnd { visible.append(glyph) } else { hanging.append(glyph) }
                    lineRuns.insert(glyph.run)
                    ascender = max(ascender, glyph.face.ascender)
                    descender = max(descender, -glyph.face.descender)
                }
                var ordered = shaped.visualOrder(visible).map { ($0, Optional($0.character)) }
                if let ellipsis {
                    // The ellipsis ends the line where the paragraph's direction ends it.
                    let dots = ellipsis.glyphs.map { ($0, Int?.none) }
                    ordered = shaped.direction == .rightToLeft ? dots + ordered : ordered + dots
                    lineRuns.formUnion(ellipsis.glyphs.map(\.run))
                }
                var x = 0.0
                func place(_ glyph: ShapedGlyph, character: Int?, hangs: Bool) {
                    glyphs.append(TextLayout.Glyph(face: index(of: glyph.face), glyph: glyph.glyph, x: x + glyph.xOffset, y: glyph.yOffset,
                                                   advance: glyph.advance, run: glyph.run, hangs: hangs, character: character))
                    x += glyph.advance
                }
                for (glyph, character) in ordered { place(glyph, character: character, hangs: false) }
                let width = x
                // Trailing white space hangs past the line's end: drawn (invisible) but not measured.
                for glyph in hanging { place(glyph, character: glyph.character, hangs: true) }
                for run in lineRuns {
                    ascender = max(ascender, primaries[run].ascender)
                    descender = max(descender, -primaries[run].descender)
                }
                ascender = ascender.rounded(.up)
                descender = descender.rounded(.up)
                lines.append(TextLayout.Line(width: width, top: top, ascender: ascender, descender: descender,
                                             direction: shaped.direction, paragraph: paragraphIndex, glyphs: first..<glyphs.count))
                top += ascender + descender
            }
        }
        return TextLayout(lines: lines, glyphs: glyphs, faces: faces, styles: runs.map(\.style),
                          primaries: primaries.map(TextLayout.Decorations.init), alignment: alignment, library: self)
    }

    /// The size `text` takes (see `layout`).
    public func measure(_ text: RichText, maxWidth: Double? = nil, lineBreak: LineBreakMode = .wrap) throws(TextError) -> Size {
        try layout(text, maxWidth: maxWidth, lineBreak: lineBreak).size
    }

    /// The runs split at line feeds: each paragraph's pieces, and the run an empty one is in.
    private static func paragraphs(_ runs: [RichText.Run]) -> [(pieces: [(run: Int, text: Substring)], run: Int)] {
        var result: [(pieces: [(run: Int, text: Substring)], run: Int)] = [([], 0)]
        for (index, run) in runs.enumerated() {
            let parts = run.string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            for (n, part) in parts.enumerated() {
                if n > 0 { result.append(([], index)) }
                if !part.isEmpty { result[result.count - 1].pieces.append((index, part)) }
                if result[result.count - 1].pieces.isEmpty { result[result.count - 1].run = index }
            }
        }
        return result
    }
}
