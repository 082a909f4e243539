/// Where keys sit in a TOML screen file, so errors can name a line. TOMLKit gives values
/// without positions; this reads the text's table headers and `key =` lines alongside.
/// Sections are named `display`, `gestures`, `screens[0]`, `screens[0].buttons[2]`
/// (array-of-tables counted in order), and "" for the top level.
struct SourceLines {
    private var keys: [String: [String: Int]] = [:]
    private var headers: [String: Int] = [:]

    init(_ text: String) {
        var section = ""
        var screen = -1, button = -1
        var depth = 0  // open brackets/braces of a value spanning lines
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let content = Self.stripComment(String(raw)).trimming(" \t\r")
            guard !content.isEmpty else { continue }
            if depth == 0, content.hasPrefix("[") {
                let name = content.trimming("[] \t")
                switch (content.hasPrefix("[["), name) {
                case (true, "screens"):
                    screen += 1
                    button = -1
                    section = "screens[\(screen)]"
                case (true, "screens.buttons"):
                    button += 1
                    section = "screens[\(max(screen, 0))].buttons[\(button)]"
                default:
                    section = name
                }
                headers[section] = headers[section] ?? line
                continue
            }
            if depth == 0, let equals = content.firstIndex(of: "=") {
                let key = content[..<equals].trimming(" \t\"'")
                keys[section, default: [:]][key] = keys[section]?[key] ?? line
            }
            for c in content {
                if c == "[" || c == "{" { depth += 1 }
                if c == "]" || c == "}" { depth = max(depth - 1, 0) }
            }
        }
    }

    /// The line of `key` in `section`, else of the section's header, else 1.
    func line(of key: String?, in section: String) -> Int {
        if let key, let line = keys[section]?[key] { return line }
        return headers[section] ?? 1
    }

    /// A `#` outside quotes starts a comment.
    private static func stripComment(_ line: String) -> String {
        var inString: Character?
        var result = ""
        for c in line {
            if let quote = inString {
                if c == quote { inString = nil }
            } else if c == "\"" || c == "'" {
                inString = c
            } else if c == "#" {
                break
            }
            result.append(c)
        }
        return result
    }
}

extension String {
    func trimming(_ set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

extension Substring {
    func trimming(_ set: String) -> String { String(self).trimming(set) }
}
