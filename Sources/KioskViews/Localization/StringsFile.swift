/// An Apple `.strings` table: `"key" = "value";` pairs with `//` and `/* */` comments and
/// C escapes (`\n`, `\"`, `\U00E9`).
///
/// Read by hand: Foundation's property-list reader takes this format but reports an error
/// without its line or key, and a kiosk's translator needs both.
struct StringsFile {
    let path: String
    private(set) var entries: [String: String] = [:]

    init(path: String) throws {
        self.path = path
        var scanner = Scanner(text: try StringTableError.text(of: path), path: path)
        while try scanner.skipSpaceAndComments() {
            let key = try scanner.token(what: "a key")
            try scanner.skipSpaceAndComments(expecting: "= or ; after \"\(key)\"")
            let value: String
            if scanner.take("=") {
                try scanner.skipSpaceAndComments(expecting: "a value for \"\(key)\"")
                value = try scanner.token(what: "a value for \"\(key)\"")
                try scanner.skipSpaceAndComments(expecting: "; after the value of \"\(key)\"")
            } else {
                value = key
            }
            guard scanner.take(";") else { throw scanner.error("expected ; after the value of \"\(key)\"") }
            entries[key] = value
        }
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let path: String
        var index = 0
        var line = 1

        init(text: String, path: String) {
            scalars = Array(text.unicodeScalars)
            self.path = path
        }

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func error(_ message: String) -> StringTableError {
            StringTableError(path: path, line: line, message: message)
        }

        mutating func advance() {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard current == scalar else { return false }
            advance()
            return true
        }

        /// Skips white space and comments; false at the end of the text.
        mutating func skipSpaceAndComments() throws -> Bool {
            while let c = current {
                if c.properties.isWhitespace {
                    advance()
                } else if c == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while let c = current, c != "\n" { advance() }
                } else if c == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    let start = line
                    index += 2
                    while current != nil, !(current == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { advance() }
                    guard current != nil else { throw StringTableError(path: path, line: start, message: "a /* comment is never closed") }
                    index += 2
                } else {
                    return true
                }
            }
            return false
        }

        mutating func skipSpaceAndComments(expecting what: String) throws {
            guard try skipSpaceAndComments() else { throw error("the file ends where \(what) should be") }
        }

        /// A quoted string, or a bare word of letters, digits and `_.-`.
        mutating func token(what: String) throws -> String {
            if take("\"") { return try quoted() }
            var word = String.UnicodeScalarView()
            while let c = current, c.properties.isAlphabetic || ("0"..."9").contains(c) || "_.-$:/".unicodeScalars.contains(c) {
                word.append(c)
                advance()
            }
            guard !word.isEmpty else { throw error("expected \(what), found \(current.map { "\"\($0)\"" } ?? "the end")") }
            return String(word)
        }

        private mutating func quoted() throws -> String {
            let start = line
            var text = String.UnicodeScalarView()
            while let c = current {
                advance()
                switch c {
                case "\"": return String(text)
                case "\\": text.append(try escape())
                default: text.append(c)
                }
            }
            throw StringTableError(path: path, line: start, message: "a string is never closed")
        }

        private mutating func escape() throws -> Unicode.Scalar {
            guard let c = current else { throw error("the file ends inside an escape") }
            advance()
            switch c {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "0": return "\0"
            case "U", "u":
                let value = try hexDigits(after: c)
                guard (0xD800...0xDBFF).contains(value) else { return Unicode.Scalar(value) ?? "\u{FFFD}" }
                guard current == "\\", index + 1 < scalars.count, scalars[index + 1] == "U" || scalars[index + 1] == "u" else { return "\u{FFFD}" }
                index += 2
                let low = try hexDigits(after: "U")
                guard (0xDC00...0xDFFF).contains(low) else { return "\u{FFFD}" }
                return Unicode.Scalar(0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)) ?? "\u{FFFD}"
            default: return c
            }
        }

        /// The four hex digits of a `\U` escape (UTF-16: a surrogate pair is two escapes).
        private mutating func hexDigits(after c: Unicode.Scalar) throws -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let d = current, let digit = UInt32(String(d), radix: 16) else {
                    throw error("expected four hex digits after \\\(c)")
                }
                value = value * 16 + digit
                advance()
            }
            return value
        }
    }
}
