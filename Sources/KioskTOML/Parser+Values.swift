extension Parser {
    /// Any value at `pos`: strings, arrays and inline tables here, the rest in Parser+Scalars.
    mutating func value() throws(TOMLError) -> TOMLValue {
        let start = pos
        let position = self.position(start)
        switch peek() {
        case UInt8(ascii: "\""):
            let s = starts(with: "\"\"\"") ? try multilineBasicString() : try basicString()
            return TOMLValue(.string(String(decoding: s, as: UTF8.self)), at: position)
        case UInt8(ascii: "'"):
            let s = starts(with: "'''") ? try multilineLiteralString() : try literalString()
            return TOMLValue(.string(String(decoding: s, as: UTF8.self)), at: position)
        case UInt8(ascii: "["):
            return TOMLValue(.array(try array()), at: position)
        case UInt8(ascii: "{"):
            return TOMLValue(.table(try inlineTable()), at: position)
        default:
            return TOMLValue(try scalar(), at: position)
        }
    }

    mutating func enter() throws(TOMLError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error(Self.tooDeep) }
    }

    /// Whitespace, line ends and comments between an array's elements.
    mutating func skipArraySpace() throws(TOMLError) {
        while true {
            while let b = peek(), b == 0x20 || b == 0x09 || b == 0x0A { pos += 1 }
            guard peek() == UInt8(ascii: "#") else { return }
            try skipComment()
        }
    }

    mutating func array() throws(TOMLError) -> [TOMLValue] {
        try enter()
        defer { depth -= 1 }
        pos += 1
        var elements: [TOMLValue] = []
        try skipArraySpace()
        while peek() != UInt8(ascii: "]") {
            elements.append(try value())
            try skipArraySpace()
            if peek() == UInt8(ascii: "]") { break }
            guard peek() == UInt8(ascii: ",") else { throw error("expected \",\" or \"]\" in the array, found \(found())") }
            pos += 1
            try skipArraySpace()
        }
        pos += 1
        return elements
    }

    /// `{ k = v, … }` on one line, no trailing comma (TOML 1.0).
    mutating func inlineTable() throws(TOMLError) -> TOMLTable {
        try enter()
        defer { depth -= 1 }
        let table = TableBuilder(origin: .header, position: position(pos))
        pos += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            pos += 1
            return table.build()
        }
        while true {
            try keyValue(into: table)
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { break }
            guard peek() == UInt8(ascii: ",") else { throw error("expected \",\" or \"}\" in the inline table, found \(found())") }
            pos += 1
            skipWhitespace()
        }
        pos += 1
        return table.build()
    }

    // MARK: Strings (returned as UTF-8 bytes)

    mutating func basicString() throws(TOMLError) -> [UInt8] {
        pos += 1
        var result: [UInt8] = []
        while true {
            guard let b = peek() else { throw error("unterminated string") }
            if b == UInt8(ascii: "\"") {
                pos += 1
                return result
            }
            if b == UInt8(ascii: "\\") {
                try escape(into: &result, multiline: false)
                continue
            }
            if Self.isControl(b) || b == 0x0A { throw error("\(found()) in a string") }
            result.append(b)
            pos += 1
        }
    }

    mutating func multilineBasicString() throws(TOMLError) -> [UInt8] {
        pos += 3
        if peek() == 0x0A { pos += 1 }
        var result: [UInt8] = []
        while true {
            guard let b = peek() else { throw error("unterminated string") }
            if starts(with: "\"\"\"") {
                pos += 3
                return closeMultiline(result, quote: UInt8(ascii: "\""))
            }
            if b == UInt8(ascii: "\\") {
                try escape(into: &result, multiline: true)
                continue
            }
            if b != 0x0A, Self.isControl(b) { throw error("\(found()) in a string") }
            result.append(b)
            pos += 1
        }
    }

    mutating func literalString() throws(TOMLError) -> [UInt8] {
        pos += 1
        let start = pos
        while true {
            guard let b = peek() else { throw error("unterminated string") }
            if b == UInt8(ascii: "'") {
                pos += 1
                return Array(bytes[start..<pos - 1])
            }
            if Self.isControl(b) || b == 0x0A { throw error("\(found()) in a string") }
            pos += 1
        }
    }

    mutating func multilineLiteralString() throws(TOMLError) -> [UInt8] {
        pos += 3
        if peek() == 0x0A { pos += 1 }
        let start = pos
        while true {
            guard let b = peek() else { throw error("unterminated string") }
            if starts(with: "'''") {
                let result = Array(bytes[start..<pos])
                pos += 3
                return closeMultiline(result, quote: UInt8(ascii: "'"))
            }
            if b != 0x0A, Self.isControl(b) { throw error("\(found()) in a string") }
            pos += 1
        }
    }

    /// Up to two quotes right before the closing three belong to the string (`""""a"""""`).
    mutating func closeMultiline(_ content: [UInt8], quote: UInt8) -> [UInt8] {
        var result = content
        for _ in 0..<2 where peek() == quote {
            result.append(quote)
            pos += 1
        }
        return result
    }

    /// A backslash escape at `pos`; in a multi-line string, a backslash ending a line
    /// swallows the line end and the whitespace after it.
    mutating func escape(into result: inout [UInt8], multiline: Bool) throws(TOMLError) {
        let start = pos
        pos += 1
        guard let c = peek() else { throw error("unterminated string") }
        pos += 1
        switch c {
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "\""): result.append(c)
        case UInt8(ascii: "\\"): result.append(c)
        case UInt8(ascii: "u"): try unicodeEscape(into: &result, digits: 4, start: start)
        case UInt8(ascii: "U"): try unicodeEscape(into: &result, digits: 8, start: start)
        case 0x20, 0x09, 0x0A:
            guard multiline else { throw error("invalid escape: a \"\\\" cannot end a line in a one-line string", at: start) }
            if c != 0x0A {
                skipWhitespace()
                guard let b = peek() else { return }
                guard b == 0x0A else { throw error("a \"\\\" followed by spaces must end the line", at: start) }
                pos += 1
            }
            while let b = peek(), b == 0x20 || b == 0x09 || b == 0x0A { pos += 1 }
        default:
            throw error("invalid escape \"\\\(String(decoding: bytes[pos - 1..<min(pos, bytes.count)], as: UTF8.self))\"", at: start)
        }
    }

    mutating func unicodeEscape(into result: inout [UInt8], digits: Int, start: Int) throws(TOMLError) {
        var code: UInt32 = 0
        for _ in 0..<digits {
            guard let b = peek(), let digit = Self.hexDigit(b) else {
                throw error("\\u needs \(digits) hexadecimal digits", at: start)
            }
            code = code << 4 | UInt32(digit)
            pos += 1
        }
        guard let scalar = Unicode.Scalar(code) else {
            throw error("escape \(String(code, radix: 16)) is not a Unicode scalar value", at: start)
        }
        UTF8.encode(scalar) { result.append($0) }
    }

    static func hexDigit(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
