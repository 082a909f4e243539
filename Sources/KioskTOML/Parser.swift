import KioskCore

/// The recursive-descent reader behind `TOML.parse`: statements, keys and the table rules.
/// Values are in Parser+Values.swift, numbers, dates and times in Parser+Scalars.swift.
struct Parser {
    let text: TOMLText
    var bytes: [UInt8] { text.bytes }
    var pos = 0
    /// Arrays and inline tables open around the value being read.
    var depth = 0
    /// The last position worked out, so positions along one long line cost no rescans.
    var lastPosition: (offset: Int, position: TOMLPosition)?
    /// How deep arrays, inline tables and the tables of dotted keys and headers may nest:
    /// reading and freeing the values is recursive, so depth without end would overflow
    /// the stack.
    static let maxDepth = 100
    static let tooDeep = "keys, arrays and inline tables nest deeper than \(maxDepth)"

    /// A dotted key as a message shows it: quoted, escaped and cut (`ErrorText`).
    static func shown(_ key: [KeyPart]) -> String { ErrorText.quoted(key.map(\.name).joined(separator: ".")) }

    init(_ text: TOMLText) {
        self.text = text
    }

    struct KeyPart {
        var bytes: [UInt8]
        var offset: Int
        var name: String { String(decoding: bytes, as: UTF8.self) }
    }

    // MARK: Bytes

    func peek(_ ahead: Int = 0) -> UInt8? {
        pos + ahead < bytes.count ? bytes[pos + ahead] : nil
    }

    func starts(with literal: String, at offset: Int? = nil) -> Bool {
        var i = offset ?? pos
        for b in literal.utf8 {
            guard i < bytes.count, bytes[i] == b else { return false }
            i += 1
        }
        return true
    }

    mutating func position(_ offset: Int) -> TOMLPosition {
        let position = text.position(offset, after: lastPosition)
        lastPosition = (offset, position)
        return position
    }

    func error(_ message: String, at offset: Int? = nil) -> TOMLError {
        TOMLError(message, at: text.position(offset ?? pos))
    }

    /// What is at `pos`, quoted for a message.
    func found() -> String {
        guard let b = peek() else { return "the end of the text" }
        if b == 0x0A { return "the end of the line" }
        if b < 0x20 || b == 0x7F { return "control character 0x\(String(b, radix: 16))" }
        var end = pos + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "\"\(String(decoding: bytes[pos..<end], as: UTF8.self))\""
    }

    static func isControl(_ b: UInt8) -> Bool { (b < 0x20 && b != 0x09) || b == 0x7F }
    static func isBareKey(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
    }

    mutating func skipWhitespace() {
        while let b = peek(), b == 0x20 || b == 0x09 { pos += 1 }
    }

    /// A `#` comment up to (not including) the line end.
    mutating func skipComment() throws(TOMLError) {
        guard peek() == UInt8(ascii: "#") else { return }
        pos += 1
        while let b = peek(), b != 0x0A {
            if Self.isControl(b) { throw error("\(found()) in a comment") }
            pos += 1
        }
    }

    // MARK: Statements

    mutating func document() throws(TOMLError) -> TableBuilder {
        let root = TableBuilder(origin: .header, position: TOMLPosition(line: 1, column: 1))
        var current = root
        while true {
            skipWhitespace()
            guard let b = peek() else { break }
            if b == 0x0A {
                pos += 1
                continue
            }
            if Self.isBareKey(b) || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                try keyValue(into: current)
                skipWhitespace()
            } else if b == UInt8(ascii: "[") {
                current = try header(root)
                skipWhitespace()
            } else if b != UInt8(ascii: "#") {
                throw error("expected a key, a [table] or a comment, found \(found())")
            }
            try skipComment()
            guard let end = peek() else { break }
            guard end == 0x0A else { throw error("expected the end of the line, found \(found())") }
            pos += 1
        }
        return root
    }

    /// `[a.b]` or `[[a.b]]`; returns the table that following keys go into.
    mutating func header(_ root: TableBuilder) throws(TOMLError) -> TableBuilder {
        let start = pos
        let isArray = peek(1) == UInt8(ascii: "[")
        let position = self.position(start)
        pos += isArray ? 2 : 1
        skipWhitespace()
        let key = try self.key()
        let positions = key.map { self.position($0.offset) }
        let close = isArray ? "]]" : "]"
        guard starts(with: close) else { throw error("expected \"\(close)\" to close the table header, found \(found())") }
        pos += close.utf8.count

        var table = root
        for (part, here) in zip(key.dropLast(), positions) {
            switch table[part.bytes]?.member {
            case nil:
                let made = TableBuilder(origin: .implicit, position: here)
                table[part.bytes] = .init(key: part.name, keyPosition: here, member: .table(made))
                table = made
            case .table(let existing):
                table = existing
            case .tables(let array):
                table = array.elements[array.elements.count - 1]
            case .value:
                throw error("cannot define the table \(Self.shown(key)): \(ErrorText.quoted(part.name)) is already a value", at: part.offset)
            }
        }
        let last = key[key.count - 1]
        let made = TableBuilder(origin: .header, position: position)
        let slot = table[last.bytes]
        if isArray {
            switch slot?.member {
            case nil:
                table[last.bytes] = .init(key: last.name, keyPosition: position, member: .tables(.init(made, position: position)))
            case .tables(let array):
                array.elements.append(made)
            default:
                throw error("cannot define the array of tables \(Self.shown(key)): \(ErrorText.quoted(last.name)) is already defined and not an array of tables", at: start)
            }
            return made
        }
        switch slot?.member {
        case nil:
            table[last.bytes] = .init(key: last.name, keyPosition: position, member: .table(made))
            return made
        case .table(let existing) where existing.origin == .implicit:
            existing.origin = .header
            existing.position = position
            table[last.bytes] = .init(key: last.name, keyPosition: position, member: .table(existing))
            return existing
        default:
            throw error("the table \(Self.shown(key)) is defined twice", at: start)
        }
    }

    /// `key = value` into `table`, following dotted keys through tables they made.
    mutating func keyValue(into table: TableBuilder) throws(TOMLError) {
        let key = try self.key()
        let positions = key.map { position($0.offset) }
        guard peek() == UInt8(ascii: "=") else { throw error("expected \"=\" after the key, found \(found())") }
        pos += 1
        skipWhitespace()
        // Each dotted part puts the value one table deeper, as an inline table would.
        depth += key.count - 1
        defer { depth -= key.count - 1 }
        guard depth <= Self.maxDepth else { throw error(Self.tooDeep, at: key[0].offset) }
        let value = try self.value()

        var target = table
        for (part, here) in zip(key.dropLast(), positions) {
            switch target[part.bytes]?.member {
            case nil:
                let made = TableBuilder(origin: .dotted, position: here)
                target[part.bytes] = .init(key: part.name, keyPosition: here, member: .table(made))
                target = made
            case .table(let existing) where existing.origin != .header:
                existing.origin = .dotted
                target = existing
            default:
                throw error("cannot set \(Self.shown(key)): \(ErrorText.quoted(part.name)) is already defined", at: part.offset)
            }
        }
        let last = key[key.count - 1]
        guard target[last.bytes] == nil else {
            throw error("\(Self.shown(key)) is defined twice", at: last.offset)
        }
        target[last.bytes] = .init(key: last.name, keyPosition: positions[positions.count - 1], member: .value(value))
    }

    /// A key of one or more dotted parts (at most `maxDepth`: each is a table nested in the
    /// one before); skips the whitespace after it.
    mutating func key() throws(TOMLError) -> [KeyPart] {
        var parts = [try keyPart()]
        skipWhitespace()
        while peek() == UInt8(ascii: ".") {
            guard parts.count < Self.maxDepth else { throw error(Self.tooDeep) }
            pos += 1
            skipWhitespace()
            parts.append(try keyPart())
            skipWhitespace()
        }
        return parts
    }

    mutating func keyPart() throws(TOMLError) -> KeyPart {
        let start = pos
        switch peek() {
        case UInt8(ascii: "\""):
            return KeyPart(bytes: try basicString(), offset: start)
        case UInt8(ascii: "'"):
            return KeyPart(bytes: try literalString(), offset: start)
        case let b? where Self.isBareKey(b):
            while let b = peek(), Self.isBareKey(b) { pos += 1 }
            return KeyPart(bytes: Array(bytes[start..<pos]), offset: start)
        default:
            throw error("expected a key, found \(found())")
        }
    }
}
