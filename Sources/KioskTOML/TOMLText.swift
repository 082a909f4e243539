/// The bytes of a TOML text, checked and indexed before parsing: valid UTF-8, no NUL, CRLF
/// read as LF and a leading byte-order mark dropped (as TOML allows), and the start of every
/// line so any offset maps to a line and column.
struct TOMLText {
    let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ input: some Sequence<UInt8>) throws(TOMLError) {
        let raw = Array(input)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var lineStarts = [0]
        // Editors on Windows write a UTF-8 byte-order mark; it is not part of the first line.
        var i = raw.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < raw.count {
            let b = raw[i]
            if b == 0 {
                throw TOMLError("NUL byte (a TOML text cannot contain one)", at: TOMLPosition(line: lineStarts.count, column: 1))
            }
            if b == 0x0D, i + 1 < raw.count, raw[i + 1] == 0x0A {
                i += 1
                continue
            }
            if b < 0x80 {
                bytes.append(b)
                if b == 0x0A { lineStarts.append(bytes.count) }
                i += 1
                continue
            }
            let length = Self.sequenceLength(raw, at: i)
            guard length > 0 else {
                throw TOMLError("invalid UTF-8", at: TOMLPosition(line: lineStarts.count, column: 1))
            }
            bytes.append(contentsOf: raw[i..<i + length])
            i += length
        }
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    /// The length of the well-formed UTF-8 sequence at `i` (Unicode's table 3-7: no
    /// overlong forms, no surrogates, nothing past U+10FFFF), or 0.
    private static func sequenceLength(_ raw: [UInt8], at i: Int) -> Int {
        func byte(_ k: Int) -> UInt8? { i + k < raw.count ? raw[i + k] : nil }
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            byte(k).map { range.contains($0) } ?? false
        }
        switch raw[i] {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    /// The line and column of byte `offset` (columns count Unicode scalars). `after`, an
    /// earlier position on the way, spares counting a long line from its start again.
    func position(_ offset: Int, after known: (offset: Int, position: TOMLPosition)? = nil) -> TOMLPosition {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var start = lineStarts[low], column = 1
        if let known, known.offset >= start, known.offset <= offset {
            start = known.offset
            column = known.position.column
        }
        let end = min(offset, bytes.count)
        column = bytes[start..<end].reduce(column) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return TOMLPosition(line: low + 1, column: column)
    }
}
