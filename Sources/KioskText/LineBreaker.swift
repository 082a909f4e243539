/// Where lines end: greedily as late as the width allows, at a break opportunity — after
/// white space (Latin, and Thai which separates phrases by spaces), or before or after a
/// CJK character unless the next one is closing punctuation. A word alone wider than the
/// line is not split: it overflows its line, as a label in a narrow button does.
enum LineBreaker {
    /// Character ranges of the lines `characters` wrap into at `maxWidth`.
    static func wrap(_ characters: [ShapedCharacter], maxWidth: Double) -> [Range<Int>] {
        guard !characters.isEmpty else { return [0..<0] }
        var lines: [Range<Int>] = []
        var start = 0
        var width = 0.0
        var lastBreak: Int?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if index > start, canBreak(before: index, in: characters) { lastBreak = index }
            if !character.isSpace, let end = lastBreak, width + character.width > maxWidth + 0.01 {
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
        return lines
    }

    static func canBreak(before index: Int, in characters: [ShapedCharacter]) -> Bool {
        let previous = characters[index - 1], next = characters[index]
        if next.isSpace || next.isClosingPunctuation { return false }
        return previous.isSpace || next.isCJK || previous.isCJK
    }

    /// The width of `range` without its trailing white space, which hangs past the line's end.
    static func width(of range: Range<Int>, in characters: [ShapedCharacter]) -> Double {
        var end = range.upperBound
        while end > range.lowerBound, characters[end - 1].isSpace { end -= 1 }
        return characters[range.lowerBound..<end].reduce(0) { $0 + $1.width }
    }

    /// How many characters fit before an ellipsis `ellipsisWidth` wide within `maxWidth`
    /// (white space before the ellipsis dropped).
    static func truncationEnd(_ characters: [ShapedCharacter], ellipsisWidth: Double, maxWidth: Double) -> Int {
        var end = 0
        var width = 0.0
        while end < characters.count, width + characters[end].width + ellipsisWidth <= maxWidth + 0.01 {
            width += characters[end].width
            end += 1
        }
        while end > 0, characters[end - 1].isSpace { end -= 1 }
        return end
    }
}
