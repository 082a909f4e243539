/// Paragraphs already shaped, so text laid out again at another width or height (a stack
/// probing a label, then placing it) breaks the shaped runs into lines anew rather than
/// shaping them again; the "…" a cut line ends with is shaped once per font too. Keyed by
/// all that shaping depends on: each piece's text and run, its run's font (family, weight,
/// style, size) and the paragraph's direction. Bounded (cleared when full); the library
/// clears it when it forgets faces or their families change, so it never keeps a face the
/// face cache let go. Not locked: the library serialises access.
final class ShapingCache {
    struct Key: Hashable {
        struct Piece: Hashable {
            var run: Int
            var text: Substring
            var family: String?
            var size: Double
            var weight: FontWeight
            var italic: Bool
        }

        var pieces: [Piece]
        var direction: TextDirection?

        init(_ pieces: [(run: Int, text: Substring)], styles: [TextStyle], direction: TextDirection?) {
            self.pieces = pieces.map { piece in
                let style = styles[piece.run]
                return Piece(run: piece.run, text: piece.text, family: style.family, size: style.size, weight: style.weight,
                             italic: style.italic)
            }
            self.direction = direction
        }
    }

    let limit: Int
    private var paragraphs: [Key: ShapedParagraph] = [:]

    init(limit: Int) { self.limit = limit }

    var count: Int { paragraphs.count }

    /// The paragraph under `key`, shaped by `shape` when not kept.
    func paragraph(_ key: Key, shape: () -> ShapedParagraph) -> ShapedParagraph {
        if let kept = paragraphs[key] { return kept }
        let made = shape()
        if paragraphs.count >= limit { paragraphs.removeAll(keepingCapacity: true) }
        paragraphs[key] = made
        return made
    }

    func removeAll() { paragraphs.removeAll() }
}

extension FontLibrary {
    /// `pieces` shaped (see `ShapedParagraph.init`), from the shaping cache when the same
    /// text in the same fonts and direction was shaped before. Caller holds the lock.
    func shaped(_ pieces: [(run: Int, text: Substring)], styles: [TextStyle], chains: [[FontFace]],
                direction: TextDirection? = nil) -> ShapedParagraph {
        shapings.paragraph(ShapingCache.Key(pieces, styles: styles, direction: direction)) {
            ShapedParagraph(pieces, chains: chains, direction: direction)
        }
    }
}
