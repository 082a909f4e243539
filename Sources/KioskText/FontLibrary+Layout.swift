import KioskGraphics

extension FontLibrary {
    /// Shapes `text` and sets it into lines. Line feeds end paragraphs; with a `maxWidth`
    /// each paragraph wraps to it. `fitting` limits the lines (and `maxHeight` their height):
    /// the last line shown is cut with "…", after the text has shrunk as far as `fitting`
    /// allows. Each paragraph runs in `direction`, or its first strong character's when nil,
    /// and its lines are in the bidi algorithm's visual order. `alignment`'s leading side is
    /// `alignmentDirection`'s start (a UI's layout direction), else each paragraph's own.
    /// Empty text is one empty line (width 0, the first run's line height). Sizes must be in
    /// 0 < size <= `maximumSize`.
    public func layout(_ text: RichText, maxWidth: Double? = nil, maxHeight: Double? = nil, fitting: TextFitting = .wrap,
                       alignment: TextAlignment = .leading, alignmentDirection: TextDirection? = nil,
                       direction: TextDirection? = nil) throws(TextError) -> TextLayout {
        lock.lock()
        defer { lock.unlock() }
        let setter = LineSetter(maxWidth: maxWidth, maxHeight: maxHeight, fitting: fitting, alignment: alignment,
                                alignmentDirection: alignmentDirection, direction: direction)
        let full = try setter.set(text, in: self)
        guard fitting.minimumScaleFactor < 1, !full.fits else { return full.layout }
        // Shrink until it fits, then truncate: the largest scale that fits, by bisection.
        var low = fitting.minimumScaleFactor, high = 1.0
        let smallest = try setter.set(text.scaled(by: low), in: self, fullSize: false)
        guard smallest.fits else { return smallest.layout }
        var best = smallest.layout
        for _ in 0..<6 {
            let middle = (low + high) / 2
            let attempt = try setter.set(text.scaled(by: middle), in: self, fullSize: false)
            if attempt.fits { (best, low) = (attempt.layout, middle) } else { high = middle }
        }
        return best
    }

    /// The size `text` takes (see `layout`).
    public func measure(_ text: RichText, maxWidth: Double? = nil, maxHeight: Double? = nil,
                        fitting: TextFitting = .wrap) throws(TextError) -> Size {
        try layout(text, maxWidth: maxWidth, maxHeight: maxHeight, fitting: fitting).size
    }

    /// The runs split at line feeds: each paragraph's pieces, and the run an empty one is in.
    fileprivate static func paragraphs(_ runs: [RichText.Run]) -> [(pieces: [(run: Int, text: Substring)], run: Int)] {
        var result: [(pieces: [(run: Int, text: Substring)], run: Int)] = [([], 0)]
        for (index, run) in runs.enumerated() {
            let parts = hasNewline(run.string) ? run.string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                : [run.string[...]]
            for (n, part) in parts.enumerated() {
                if n > 0 { result.append(([], index)) }
                if !part.isEmpty { result[result.count - 1].pieces.append((index, part)) }
                if result[result.count - 1].pieces.isEmpty { result[result.count - 1].run = index }
            }
        }
        return result
    }

    /// Whether `string` has a character `Character.isNewline` is true of, found by its
    /// scalars: splitting by characters walks grapheme clusters, a measurable share of
    /// setting Thai, whose clusters are seldom one scalar.
    private static func hasNewline(_ string: String) -> Bool {
        string.unicodeScalars.contains { (0x0A...0x0D).contains($0.value) || $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029 }
    }
}

/// One pass of setting text at one size: paragraphs shaped and wrapped, the lines that fit
/// kept, the last kept one cut when text is left over.
private struct LineSetter {
    let maxWidth: Double?
    let maxHeight: Double?
    let fitting: TextFitting
    let alignment: TextAlignment
    let alignmentDirection: TextDirection?
    let direction: TextDirection?

    /// What one line shows: character ranges of its paragraph, and where an ellipsis goes.
    struct Plan {
        var paragraph: Int
        var kept: [Range<Int>]
        var ellipsis: TruncationMode?

        /// The characters from the first kept to the last.
        var span: Range<Int> {
            let lower = kept.lazy.filter { !$0.isEmpty }.map(\.lowerBound).min() ?? 0
            let upper = kept.lazy.filter { !$0.isEmpty }.map(\.upperBound).max() ?? 0
            return lower..<max(lower, upper)
        }
    }

    /// The layout, and whether all of the text is in it unbroken (no line cut or dropped,
    /// no word broken between characters). `fullSize`: the text is at its own size, not shrunk.
    func set(_ text: RichText, in library: FontLibrary, fullSize: Bool = true) throws(TextError) -> (layout: TextLayout, fits: Bool) {
        let runs = text.runs.isEmpty ? [RichText.Run("")] : text.runs
        var chains: [[FontFace]] = []
        for run in runs { chains.append(try library.chain(for: run.style)) }
        let styles = runs.map(\.style)
        var builder = LineBuilder(chains: chains, styles: styles, library: library)

        var paragraphs: [(shaped: ShapedParagraph, run: Int)] = []
        var plans: [Plan] = []
        var brokeWords = false
        for (index, paragraph) in FontLibrary.paragraphs(runs).enumerated() {
            var shaped = library.shaped(paragraph.pieces, styles: styles, chains: chains, direction: direction)
            let wrapped = maxWidth.map { LineBreaker.wrap(&shaped, maxWidth: $0) }
                ?? (lines: [0..<shaped.characters.count], brokeWords: false)
            paragraphs.append((shaped, paragraph.run))
            brokeWords = brokeWords || wrapped.brokeWords
            plans += wrapped.lines.map { Plan(paragraph: index, kept: [$0]) }
        }

        // The lines that fit the limit and the height (at least one), the last of them cut
        // when any text is left.
        var shown = min(plans.count, max(fitting.lineLimit ?? plans.count, 1))
        if let maxHeight {
            var top = 0.0
            for (index, plan) in plans.prefix(shown).enumerated() {
                top += builder.height(of: plan, in: paragraphs[plan.paragraph].shaped, run: paragraphs[plan.paragraph].run)
                if top > maxHeight + 0.01 { shown = max(index, 1); break }
            }
        }
        let cut = shown < plans.count
        plans = Array(plans.prefix(shown))
        if cut {
            let last = plans[shown - 1]
            let shaped = paragraphs[last.paragraph].shaped
            plans[shown - 1] = truncated(shaped.characters, from: last.kept[0].lowerBound, paragraph: last.paragraph,
                                          ellipsisWidth: builder.ellipsisWidth(run: shaped.characters.last?.run ?? 0))
        }
        for plan in plans {
            builder.add(plan, of: paragraphs[plan.paragraph].shaped, run: paragraphs[plan.paragraph].run)
        }
        let primaries = chains.map { $0[0] }
        let layout = TextLayout(lines: builder.lines, glyphs: builder.glyphs, faces: builder.faces, styles: styles,
                                primaries: primaries.map(TextLayout.Decorations.init), alignment: alignment,
                                alignmentDirection: alignmentDirection, isUncut: fullSize && !cut, library: library)
        return (layout, !cut && !brokeWords)
    }

    /// The characters from `start` to the paragraph's end cut to `maxWidth` with an
    /// ellipsis where `fitting.truncation` puts it (at the end without a width).
    func truncated(_ characters: [ShapedCharacter], from start: Int, paragraph: Int, ellipsisWidth: Double) -> Plan {
        let end = characters.count
        guard let maxWidth else { return Plan(paragraph: paragraph, kept: [start..<end], ellipsis: .tail) }
        var room = maxWidth - ellipsisWidth + 0.01
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var (lower, upper) = (range.lowerBound, range.upperBound)
            while lower < upper, characters[lower].isSpace { lower += 1 }
            while upper > lower, characters[upper - 1].isSpace { upper -= 1 }
            return lower..<upper
        }
        switch fitting.truncation {
        case .tail:
            var upper = start
            while upper < end, characters[upper].width <= room { room -= characters[upper].width; upper += 1 }
            return Plan(paragraph: paragraph, kept: [trimmed(start..<upper)], ellipsis: .tail)
        case .head:
            var lower = end
            while lower > start, characters[lower - 1].width <= room { room -= characters[lower - 1].width; lower -= 1 }
            return Plan(paragraph: paragraph, kept: [trimmed(lower..<end)], ellipsis: .head)
        case .middle:
            var (upper, lower) = (start, end)
            var front = true
            while upper < lower {
                let next = front ? upper : lower - 1
                guard characters[next].width <= room else { break }
                room -= characters[next].width
                if front { upper += 1 } else { lower -= 1 }
                front.toggle()
            }
            return Plan(paragraph: paragraph, kept: [trimmed(start..<upper), trimmed(lower..<end)], ellipsis: .middle)
        }
    }
}

/// Lines assembled glyph by glyph: each in visual order, trailing white space hanging past
/// its end, an ellipsis where its plan says.
private struct LineBuilder {
    let chains: [[FontFace]]
    let styles: [TextStyle]
    let library: FontLibrary
    var lines: [TextLayout.Line] = []
    var glyphs: [TextLayout.Glyph] = []
    var faces: [FaceReference] = []
    private var faceIndex: [ObjectIdentifier: Int] = [:]
    private var top = 0.0

    init(chains: [[FontFace]], styles: [TextStyle], library: FontLibrary) {
        self.chains = chains
        self.styles = styles
        self.library = library
    }

    /// "…" in run `run`'s faces.
    func ellipsis(run: Int) -> ShapedParagraph {
        library.shaped([(run, "…"[...])], styles: styles, chains: chains)
    }

    func ellipsisWidth(run: Int) -> Double {
        ellipsis(run: run).characters.reduce(0) { $0 + $1.width }
    }

    /// The height line `plan` would take (before any ellipsis).
    func height(of plan: LineSetter.Plan, in shaped: ShapedParagraph, run paragraphRun: Int) -> Double {
        var runs: Set<Int> = plan.kept.allSatisfy(\.isEmpty) ? [paragraphRun] : []
        var faces: [FontFace] = []
        for glyph in shaped.glyphs[shaped.glyphRange(of: plan.span)] where plan.kept.contains(where: { $0.contains(glyph.character) }) {
            runs.insert(glyph.run)
            faces.append(glyph.face)
        }
        let (ascender, descender) = metrics(faces: faces, runs: runs)
        return ascender + descender
    }

    /// A line's extent above and below the baseline: the largest of its glyphs' faces and
    /// its runs' first faces, in whole pixels.
    private func metrics(faces: [FontFace], runs: Set<Int>) -> (ascender: Double, descender: Double) {
        var ascender = 0.0, descender = 0.0
        for face in faces + runs.map({ chains[$0][0] }) {
            ascender = max(ascender, face.ascender)
            descender = max(descender, -face.descender)
        }
        return (ascender.rounded(.up), descender.rounded(.up))
    }

    mutating func add(_ plan: LineSetter.Plan, of shaped: ShapedParagraph, run paragraphRun: Int) {
        let first = glyphs.count
        var lineFaces: [FontFace] = []
        var lineRuns: Set<Int> = plan.kept.allSatisfy(\.isEmpty) ? [paragraphRun] : []
        // Trailing white space hangs past the line's end: drawn (invisible) but not measured.
        let range = plan.kept[0].lowerBound..<(plan.kept.last?.upperBound ?? 0)
        let visibleEnd = plan.ellipsis != nil ? range.upperBound
            : (shaped.characters[range].lastIndex { !$0.isSpace }.map { $0 + 1 } ?? range.lowerBound)
        var parts: [[ShapedGlyph]] = plan.kept.map { _ in [] }
        var hanging: [ShapedGlyph] = []
        for glyph in shaped.glyphs[shaped.glyphRange(of: plan.span)] {
            guard let part = plan.kept.firstIndex(where: { $0.contains(glyph.character) }) else { continue }
            if glyph.character < visibleEnd { parts[part].append(glyph) } else { hanging.append(glyph) }
            lineRuns.insert(glyph.run)
            lineFaces.append(glyph.face)
        }
        var ordered: [(ShapedGlyph, Int?)] = []
        let visual = parts.map { shaped.visualOrder($0).map { ($0, Optional($0.character)) } }
        let rightToLeft = shaped.direction == .rightToLeft
        if let mode = plan.ellipsis {
            let dots = ellipsis(run: shaped.characters.last?.run ?? paragraphRun).glyphs.map { ($0, Int?.none) }
            lineRuns.formUnion(dots.map(\.0.run))
            switch (mode, rightToLeft) {
            case (.tail, false), (.head, true): ordered = visual[0] + dots
            case (.tail, true), (.head, false): ordered = dots + visual[0]
            case (.middle, false): ordered = visual[0] + dots + visual[1]
            case (.middle, true): ordered = visual[1] + dots + visual[0]
            }
        } else {
            ordered = visual[0]
        }
        var x = 0.0
        for (glyph, character) in ordered { place(glyph, character: character, hangs: false, x: &x) }
        let width = x
        for glyph in hanging { place(glyph, character: glyph.character, hangs: true, x: &x) }
        let (ascender, descender) = metrics(faces: lineFaces, runs: lineRuns)
        lines.append(TextLayout.Line(width: width, top: top, ascender: ascender, descender: descender,
                                     direction: shaped.direction, paragraph: plan.paragraph, glyphs: first..<glyphs.count))
        top += ascender + descender
    }

    private mutating func place(_ glyph: ShapedGlyph, character: Int?, hangs: Bool, x: inout Double) {
        glyphs.append(TextLayout.Glyph(face: index(of: glyph.face), glyph: glyph.glyph, x: x + glyph.xOffset, y: glyph.yOffset,
                                       advance: glyph.advance, run: glyph.run, hangs: hangs, character: character))
        x += glyph.advance
    }

    private mutating func index(of face: FontFace) -> Int {
        if let known = faceIndex[ObjectIdentifier(face)] { return known }
        faces.append(face.reference)
        faceIndex[ObjectIdentifier(face)] = faces.count - 1
        return faces.count - 1
    }
}

extension RichText {
    /// The same text with every run's size times `factor` (never below one pixel).
    func scaled(by factor: Double) -> RichText {
        RichText(runs: runs.map { run in
            var style = run.style
            style.size = max(style.size * factor, 1)
            return RichText.Run(run.string, style: style)
        })
    }
}
