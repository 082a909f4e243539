/// Where lines end: greedily as late as the width allows, at a break opportunity (UAX #14,
/// Thai by dictionary). A word alone wider than the line is broken between characters,
/// so no line is wider than the width unless one character is.
enum LineBreaker {
    /// Character ranges of the lines `shaped` wraps into at `maxWidth`, and whether a word
    /// had to be broken between characters. Thai dictionary breaks are looked up only for
    /// the run a line ends in.
    static func wrap(_ shaped: inout ShapedParagraph, maxWidth: Double) -> (lines: [Range<Int>], brokeWords: Bool) {
        guard !shaped.characters.isEmpty else { return ([0..<0], false) }
        var brokeWords = false
        var lines: [Range<Int>] = []
        var start = 0
        var width = 0.0
        var index = 0
        while index < shaped.characters.count {
            let character = shaped.characters[index]
            if !character.isSpace, index > start, width + character.width > maxWidth + 0.01 {
                // Dictionary breaks matter only after the last break known already.
                let known = (start + 1...index).last { shaped.characters[$0].breakBefore }
                shaped.findThaiBreaks(in: (known ?? start)...index)
                let lastBreak = (start + 1...index).last { shaped.characters[$0].breakBefore }
                let end = lastBreak ?? index
                brokeWords = brokeWords || lastBreak == nil
                lines.append(start..<end)
                start = end
                width = 0
                index = end
                continue
            }
            width += character.width
            index += 1
        }
        lines.append(start..<shaped.characters.count)
        return (lines, brokeWords)
    }
}
