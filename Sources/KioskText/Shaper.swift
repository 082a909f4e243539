import CHarfBuzz

/// A glyph HarfBuzz placed, in pixels (y up), with the character it belongs to and the
/// shaped segment it came from (one face, one style run, one bidi level).
struct ShapedGlyph {
    var face: FontFace
    var glyph: UInt32
    var advance: Double
    var xOffset: Double
    var yOffset: Double
    var run: Int
    var character: Int
    var segment: Int
}

/// A user-perceived character (grapheme cluster) and what line breaking and bidi need of it.
struct ShapedCharacter {
    var run: Int
    var width = 0.0
    var isSpace: Bool
    /// A line may end before this character (UAX #14, Thai by dictionary).
    var breakBefore = false

    init(_ character: Character, run: Int) {
        self.run = run
        isSpace = Self.isWhitespace(character)
    }

    /// `Character.isWhitespace`, answered without a Unicode property lookup for the
    /// scripts that have no white space (Thai, CJK, …): the lookup is a measurable share of
    /// setting a Thai paragraph.
    static func isWhitespace(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first?.value else { return false }
        if first < 0x80 { return first == 0x20 || (0x09...0x0D).contains(first) }
        if first < 0x1680 && first != 0x85 && first != 0xA0 { return false }
        return character.isWhitespace
    }
}

/// One paragraph (no line feeds) shaped: its characters in logical order, with break
/// opportunities; split into segments of one style run, one face and one bidi level, each
/// shaped by HarfBuzz in its direction (a right-to-left segment's glyphs come out in visual
/// order, brackets mirrored, Arabic joined).
struct ShapedParagraph {
    var characters: [ShapedCharacter] = []
    var glyphs: [ShapedGlyph] = []
    /// Each segment's embedding level (odd: right-to-left).
    var segmentLevels: [UInt8] = []
    let direction: TextDirection
    /// For each character, the indices in `glyphs` its glyphs lie between (empty when a
    /// ligature's first character took them).
    private(set) var glyphSpans: [Range<Int>] = []
    /// The paragraph's scalars, each character's first scalar, and the Thai runs (scalar
    /// ranges) whose dictionary breaks are not looked up yet: the dictionary is the dearest
    /// part of setting Thai, and only the run a line ends in needs it.
    private let scalars: [UInt32]
    private let firstScalar: [Int]
    private var pendingThai: [Range<Int>]

    /// Shapes `pieces` (run index and text); `chains[run]` is the run's face chain. The
    /// paragraph's direction is `direction`, or its first strong character's when nil.
    init(_ pieces: [(run: Int, text: Substring)], chains: [[FontFace]], direction: TextDirection? = nil) {
        var strings: [String] = []
        var scalars: [UInt32] = []
        var firstScalar: [Int] = []
        var starts: [[Int]] = []  // each piece's characters' byte offsets
        var faces: [[Int]] = []  // and the faces that draw them
        let capacity = pieces.reduce(0) { $0 + $1.text.utf8.count }
        scalars.reserveCapacity(capacity)
        firstScalar.reserveCapacity(capacity)
        characters.reserveCapacity(capacity)
        // The face chosen for a one-scalar character, by scalar and run: text repeats its
        // letters, and choosing walks the chain asking each face's character map.
        var chosen: [UInt64: Int] = [:]
        for piece in pieces {
            let string = String(piece.text)
            strings.append(string)
            var pieceStarts: [Int] = [], pieceFaces: [Int] = []
            pieceStarts.reserveCapacity(piece.text.utf8.count)
            pieceFaces.reserveCapacity(piece.text.utf8.count)
            var offset = 0
            for character in string {
                let shaped = ShapedCharacter(character, run: piece.run)
                characters.append(shaped)
                firstScalar.append(scalars.count)
                pieceStarts.append(offset)
                let scalarsOfCharacter = character.unicodeScalars
                if !shaped.isSpace, scalarsOfCharacter.count == 1, let only = scalarsOfCharacter.first {
                    let key = UInt64(piece.run) << 32 | UInt64(only.value)
                    let face = chosen[key] ?? Self.face(for: character, isSpace: false, in: chains[piece.run], previous: nil)
                    chosen[key] = face
                    pieceFaces.append(face)
                } else {
                    pieceFaces.append(Self.face(for: character, isSpace: shaped.isSpace, in: chains[piece.run], previous: pieceFaces.last))
                }
                for scalar in character.unicodeScalars { scalars.append(scalar.value) }
                offset += character.utf8.count
            }
            starts.append(pieceStarts)
            faces.append(pieceFaces)
        }
        self.scalars = scalars
        self.firstScalar = firstScalar
        let bidi = BidiLevels(scalars, direction: direction)
        self.direction = bidi.direction
        let (breakAfter, thaiRuns) = BreakOpportunities.after(scalars)
        for index in characters.indices.dropFirst() { characters[index].breakBefore = breakAfter[firstScalar[index] - 1] }
        pendingThai = thaiRuns
        let levels = firstScalar.map { bidi.levels[$0] }

        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var base = 0
        for (index, piece) in pieces.enumerated() {
            shape(strings[index], run: piece.run, chain: chains[piece.run], starts: starts[index], faces: faces[index],
                  levels: levels, base: base, buffer: buffer)
            base += starts[index].count
        }
        glyphSpans = Array(repeating: 0..<0, count: characters.count)
        for (index, glyph) in glyphs.enumerated() {
            let span = glyphSpans[glyph.character]
            glyphSpans[glyph.character] = span.isEmpty ? index..<index + 1
                : min(span.lowerBound, index)..<max(span.upperBound, index + 1)
        }
    }

    /// Looks up the dictionary breaks of the Thai runs that overlap `characters`.
    mutating func findThaiBreaks(in characters: ClosedRange<Int>) {
        let scalarRange = firstScalar[characters.lowerBound]...firstScalar[characters.upperBound]
        guard pendingThai.contains(where: { $0.overlaps(scalarRange) }) else { return }
        var left: [Range<Int>] = []
        for run in pendingThai {
            guard run.overlaps(scalarRange) else { left.append(run); continue }
            // The run's first character: `firstScalar` is sorted.
            var low = 0, high = firstScalar.count
            while low < high {
                let middle = (low + high) / 2
                if firstScalar[middle] < run.lowerBound { low = middle + 1 } else { high = middle }
            }
            var character = low
            for offset in BreakOpportunities.thai(scalars[run]) {
                let scalar = run.lowerBound + offset
                while character < firstScalar.count, firstScalar[character] < scalar { character += 1 }
                if character < firstScalar.count, firstScalar[character] == scalar { self.characters[character].breakBefore = true }
            }
        }
        pendingThai = left
    }

    /// The indices in `glyphs` that hold the glyphs of `characters` (with others between
    /// them where a right-to-left segment or a ligature mixes the order).
    func glyphRange(of characters: Range<Int>) -> Range<Int> {
        var lower = Int.max, upper = Int.min
        for span in glyphSpans[characters] where !span.isEmpty {
            lower = min(lower, span.lowerBound)
            upper = max(upper, span.upperBound)
        }
        return lower <= upper ? lower..<upper : 0..<0
    }

    /// Shapes one piece: `starts` are its characters' byte offsets, `faces` the chain's faces
    /// that draw them, `levels` the paragraph's bidi levels, `base` its first character's index.
    private mutating func shape(_ text: String, run: Int, chain: [FontFace], starts: [Int], faces: [Int], levels: [UInt8],
                                base: Int, buffer: OpaquePointer?) {
        var string = text
        let offset = string.utf8.count
        var characterAtByte = [Int](repeating: 0, count: offset + 1)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : offset
            for byte in start..<end { characterAtByte[byte] = index }
        }
        var segmentStart = 0
        while segmentStart < faces.count {
            let level = levels[base + segmentStart]
            var segmentEnd = segmentStart + 1
            while segmentEnd < faces.count, faces[segmentEnd] == faces[segmentStart], levels[base + segmentEnd] == level {
                segmentEnd += 1
            }
            let face = chain[faces[segmentStart]]
            let from = starts[segmentStart], to = segmentEnd < starts.count ? starts[segmentEnd] : offset
            hb_buffer_clear_contents(buffer)
            // The whole piece goes in as context, so letters join across a segment's ends.
            string.withUTF8 { utf8 in
                hb_buffer_add_utf8(buffer, utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                   Int32(utf8.count), UInt32(from), Int32(to - from))
            }
            hb_buffer_set_direction(buffer, level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            face.shape(buffer)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            let segment = segmentLevels.count
            segmentLevels.append(level)
            for i in 0..<Int(count) {
                guard let info = infos?[i], let position = positions?[i] else { continue }
                let character = base + characterAtByte[min(Int(info.cluster), offset)]
                let advance = Double(position.x_advance) / 64
                characters[character].width += advance
                glyphs.append(ShapedGlyph(face: face, glyph: info.codepoint, advance: advance,
                                          xOffset: Double(position.x_offset) / 64, yOffset: Double(position.y_offset) / 64,
                                          run: run, character: character, segment: segment))
            }
            segmentStart = segmentEnd
        }
    }

    /// Whether `scalar` is invisible formatting (no default-ignorable code point is below
    /// U+00AD, so plain text skips the property lookup).
    static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAD && DefaultIgnorables.shared.contains(scalar)
    }

    /// `line`'s glyphs (in shaped order) left to right: segments reordered by rule L2 of the
    /// bidi algorithm (from the highest level down to the lowest odd one, each stretch at or
    /// above the level reversed); inside a segment HarfBuzz's order is already visual.
    func visualOrder(_ line: [ShapedGlyph]) -> [ShapedGlyph] {
        var groups: [[ShapedGlyph]] = []
        for glyph in line {
            if let last = groups.last?.last, last.segment == glyph.segment {
                groups[groups.count - 1].append(glyph)
            } else {
                groups.append([glyph])
            }
        }
        let levels = groups.map { segmentLevels[$0[0].segment] }
        guard let highest = levels.max(), let lowest = levels.min(), highest > 0 else { return line }
        var order = Array(groups.indices)
        var level = highest
        while level >= lowest | 1 {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else { start += 1; continue }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order.flatMap { groups[$0] }
    }

    /// The first face in `chain` with every visible scalar of `character`; white space
    /// stays in the previous character's face so segments are not split by it.
    static func face(for character: Character, isSpace: Bool, in chain: [FontFace], previous: Int?) -> Int {
        func drawsAll(_ face: FontFace) -> Bool {
            character.unicodeScalars.allSatisfy { face.covers($0) || isDefaultIgnorable($0) }
        }
        if isSpace, let previous, drawsAll(chain[previous]) { return previous }
        if let index = chain.firstIndex(where: drawsAll) { return index }
        if let first = character.unicodeScalars.first(where: { !isDefaultIgnorable($0) }),
           let index = chain.firstIndex(where: { $0.covers(first) }) { return index }
        return 0
    }
}

/// Unicode's default-ignorable code points of the Basic Multilingual Plane as a bit set,
/// built once from the standard library's tables: face choice asks for every character no
/// face before the one that draws it covers (every Thai character: DejaVu Sans and Droid
/// Sans have no Thai), and the library's lookup is a binary search each time.
final class DefaultIgnorables: Sendable {
    static let shared = DefaultIgnorables()
    private let bits: [UInt64]

    private init() {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for value in UInt32(0)..<0x10000 {
            if let scalar = Unicode.Scalar(value), scalar.properties.isDefaultIgnorableCodePoint {
                bits[Int(value / 64)] |= 1 << UInt64(value % 64)
            }
        }
        self.bits = bits
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value < 0x10000 else { return scalar.properties.isDefaultIgnorableCodePoint }
        return bits[Int(value / 64)] & (1 << UInt64(value % 64)) != 0
    }
}
