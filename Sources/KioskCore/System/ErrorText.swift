/// Text from outside (a key or value of a file, a request's field) echoed in an error
/// message. A crafted file could otherwise put newlines and terminal escapes on stderr
/// (moving the cursor, rewriting earlier lines, changing the title) or a megabyte of one
/// value in one line, so every error type and the CLI's error line pass through here.
public enum ErrorText {
    /// The most characters of one echoed value; the rest is cut with "…".
    public static let maximumValueLength = 80
    /// The most characters of a whole message: a net under the values quoted one by one.
    public static let maximumMessageLength = 2000

    /// `text` in double quotes, escaped (control characters, `"` and `\` as in a Swift
    /// literal) and cut after `maximumValueLength` characters: `"a\nb"`.
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text, limit: maximumValueLength, quotes: true) + "\""
    }

    /// `text` with its control characters escaped, cut after `limit` characters with "…".
    public static func escaped(_ text: String, limit: Int = maximumMessageLength) -> String {
        escaped(text, limit: limit, quotes: false)
    }

    /// True for what a terminal acts on or reorders rather than shows: C0 and C1 controls,
    /// DEL, the line and paragraph separators, and the bidirectional embeddings, overrides
    /// and isolates.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escaped(_ text: String, limit: Int, quotes: Bool) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else {
                result += "…"
                break
            }
            count += 1
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\"" where quotes: result += "\\\""
            case "\\" where quotes: result += "\\\\"
            case _ where isControl(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
