import CHarfBuzz

/// A glyph HarfBuzz placed, in pixels (y up), with the character it belongs to.
struct ShapedGlyph {
    var face: FontFace
    var glyph: UInt32
    var advance: Double
    var xOffset: Double
    var yOffset: Double
    var run: Int
    var character: Int
}

/// A user-perceived character (grapheme cluster) and what line breaking needs of it.
struct ShapedCharacter {
    var run: Int
    var width = 0.0
    var isSpace: Bool
    var isCJK: Bool
    var isClosingPunctuation: Bool

    init(_ character: Character, run: Int) {
        self.run = run
        isSpace = character.isWhitespace
        let first = character.unicodeScalars.first?.value ?? 0
        isCJK = Self.cjkRanges.contains { $0.contains(first) }
        isClosingPunctuation = Self.closing.contains(character)
    }

    /// Ideographs, kana, hangul, CJK punctuation and full-width forms: a line may break
    /// before or after any of them.
    static let cjkRanges: [ClosedRange<UInt32>] = [
        0x2E80...0x2FFF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF,
    ]
    /// Characters a line must not start with (the common part of the Japanese kinsoku rules).
    static let closing: Set<Character> = ["、", "。", "，", "．", "！", "？", "）", "」", "』", "】", "〕", "：", "；",
                                          "ー", "・", "…", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ",
                                          "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", ",", ".", "!", "?", ")", "]"]
}

/// One paragraph (no line feeds) shaped: runs in order, each split into segments by the
/// face that has their characters, each segment shaped by HarfBuzz.
struct ShapedParagraph {
    var characters: [ShapedCharacter] = []
    var glyphs: [ShapedGlyph] = []

    /// Shapes `pieces` (run index and text); `chains[run]` is the run's face chain.
    init(_ pieces: [(run: Int, text: Substring)], chains: [[FontFace]]) {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        for piece in pieces {
            shape(piece.text, run: piece.run, chain: chains[piece.run], buffer: buffer)
        }
    }

    private mutating func shape(_ text: Substring, run: Int, chain: [FontFace], buffer: OpaquePointer?) {
        var string = String(text)
        let base = characters.count
        var starts: [Int] = []  // byte offset of each character
        var faces: [Int] = []
        var offset = 0
        for character in string {
            starts.append(offset)
            offset += character.utf8.count
            characters.append(ShapedCharacter(character, run: run))
            faces.append(Self.face(for: character, in: chain, previous: faces.last))
        }
        var characterAtByte = [Int](repeating: 0, count: offset + 1)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : offset
            for byte in start..<end { characterAtByte[byte] = index }
        }
        var segmentStart = 0
        while segmentStart < faces.count {
            var segmentEnd = segmentStart + 1
            while segmentEnd < faces.count, faces[segmentEnd] == faces[segmentStart] { segmentEnd += 1 }
            let face = chain[faces[segmentStart]]
            let from = starts[segmentStart], to = segmentEnd < starts.count ? starts[segmentEnd] : offset
            hb_buffer_clear_contents(buffer)
            string.withUTF8 { utf8 in
                hb_buffer_add_utf8(buffer, utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                   Int32(utf8.count), UInt32(from), Int32(to - from))
            }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(face.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            for i in 0..<Int(count) {
                guard let info = infos?[i], let position = positions?[i] else { continue }
                let character = base + characterAtByte[min(Int(info.cluster), offset)]
                let advance = Double(position.x_advance) / 64
                characters[character].width += advance
                glyphs.append(ShapedGlyph(face: face, glyph: info.codepoint, advance: advance,
                                          xOffset: Double(position.x_offset) / 64, yOffset: Double(position.y_offset) / 64,
                                          run: run, character: character))
            }
            segmentStart = segmentEnd
        }
    }

    /// The first face in `chain` with every visible scalar of `character`; white space
    /// stays in the previous character's face so segments are not split by it.
    static func face(for character: Character, in chain: [FontFace], previous: Int?) -> Int {
        let scalars = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        if character.isWhitespace, let previous, scalars.allSatisfy(chain[previous].covers) { return previous }
        if let index = chain.firstIndex(where: { face in scalars.allSatisfy(face.covers) }) { return index }
        if let first = scalars.first, let index = chain.firstIndex(where: { $0.covers(first) }) { return index }
        return 0
    }
}
