/// Where lines end: greedily as late as the width allows, at a break opportunity (UAX #14,
/// Thai by dictionary). A word alone wider than the line is broken between characters,
/// so no line is wider than the width unless one character is.
enum LineBreaker {
    /// Character ranges of the lines `characters` wrap into at `maxWidth`, and whether a
    /// word had to be broken between characters.
    static func wrap(_ characters: [ShapedCharacter], maxWidth: Double) -> (lines: [Range<Int>], brokeWords: Bool) {
        guard !characters.isEmpty else { return ([0..<0], false) }
        var brokeWords = false
        var lines: [Range<Int>] = []
        var start = 0
        var width = 0.0
        var lastBreak: Int?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if index > start, character.breakBefore { lastBreak = index }
            if !character.isSpace, index > start, width + character.width > maxWidth + 0.01 {
                let end = lastBreak ?? index
                brokeWords = brokeWords || lastBreak == nil
                lines.append(start..<end)
                start = end
                lastBreak = nil
                width = 0
                index = end
                continue
            }
            width += character.width
            index += 1
        }
        lines.append(start..<characters.count)
        return (lines, brokeWords)
    }
}
