extension Parser {
    /// A boolean, date, time, number, inf or nan at `pos`. Each form is matched as far as it
    /// goes; whatever follows is checked by the caller (a line end, `,`, `]` or `}`).
    mutating func scalar() throws(TOMLError) -> TOMLValue.Kind {
        if starts(with: "true") {
            pos += 4
            return .boolean(true)
        }
        if starts(with: "false") {
            pos += 5
            return .boolean(false)
        }
        if let (end, value) = dateTime(at: pos) {
            try check(value, at: pos)
            pos = end
            return .dateTime(value)
        }
        if let (end, time) = time(at: pos) {
            pos = end
            return .dateTime(TOMLDateTime(date: nil, time: time, offsetMinutes: nil))
        }
        if let number = try number() { return number }
        for (word, value) in [("inf", Double.infinity), ("+inf", .infinity), ("-inf", -.infinity),
                              ("nan", .nan), ("+nan", .nan), ("-nan", -.nan)] where starts(with: word) {
            pos += word.utf8.count
            return .float(value)
        }
        throw error("expected a value, found \(found())")
    }

    // MARK: Numbers

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The end of `digit(_?digit)*` starting at `offset`, or nil without a first digit.
    func digitRun(at offset: Int, _ isDigit: (UInt8) -> Bool) -> Int? {
        guard offset < bytes.count, isDigit(bytes[offset]) else { return nil }
        var i = offset + 1
        while i < bytes.count {
            if isDigit(bytes[i]) {
                i += 1
            } else if bytes[i] == UInt8(ascii: "_"), i + 1 < bytes.count, isDigit(bytes[i + 1]) {
                i += 2
            } else {
                break
            }
        }
        return i
    }

    mutating func number() throws(TOMLError) -> TOMLValue.Kind? {
        let start = pos
        if peek() == UInt8(ascii: "0"), let prefix = peek(1) {
            let radix: Int? = switch prefix {
            case UInt8(ascii: "x"): 16
            case UInt8(ascii: "o"): 8
            case UInt8(ascii: "b"): 2
            default: nil
            }
            if let radix, let end = digitRun(at: start + 2, { Self.hexDigit($0).map { Int($0) < radix } ?? false }) {
                pos = end
                return .integer(try integer(bytes[start + 2..<end], radix: radix, negative: false, start: start))
            }
        }
        var i = start
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, Self.isDigit(bytes[i]) else { return nil }
        let integerEnd = bytes[i] == UInt8(ascii: "0") ? i + 1 : digitRun(at: i, Self.isDigit)!
        var end = integerEnd
        if end < bytes.count, bytes[end] == UInt8(ascii: "."), let fraction = digitRun(at: end + 1, Self.isDigit) {
            end = fraction
        }
        if end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "e") {
            var e = end + 1
            if e < bytes.count, bytes[e] == UInt8(ascii: "+") || bytes[e] == UInt8(ascii: "-") { e += 1 }
            if let exponent = digitRun(at: e, Self.isDigit) { end = exponent }
        }
        pos = end
        if end == integerEnd {
            return .integer(try integer(bytes[i..<end], radix: 10, negative: bytes[start] == UInt8(ascii: "-"), start: start))
        }
        let digits = String(decoding: bytes[start..<end].filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        guard let value = Double(digits) else { throw error("invalid float", at: start) }
        return .float(value)
    }

    /// Digits (underscores allowed between them) as an Int64; TOML requires an error for
    /// what does not fit.
    func integer(_ digits: ArraySlice<UInt8>, radix: Int, negative: Bool, start: Int) throws(TOMLError) -> Int64 {
        var value: Int64 = 0
        for b in digits where b != UInt8(ascii: "_") {
            let digit = Int64(Self.hexDigit(b)!)
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: Int64(radix))
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw error("integer does not fit in 64 bits", at: start) }
            value = next
        }
        return value
    }

    // MARK: Dates and times

    /// `count` ASCII digits at `offset` as a number.
    func fixedDigits(at offset: Int, _ count: Int) -> Int? {
        guard offset + count <= bytes.count else { return nil }
        var n = 0
        for b in bytes[offset..<offset + count] {
            guard Self.isDigit(b) else { return nil }
            n = n * 10 + Int(b - 0x30)
        }
        return n
    }

    func byte(_ offset: Int, is c: Character) -> Bool {
        offset < bytes.count && bytes[offset] == c.asciiValue!
    }

    /// `HH:MM:SS[.fraction]` at `offset`, and where it ends.
    func time(at offset: Int) -> (Int, TOMLDateTime.Time)? {
        guard let hour = fixedDigits(at: offset, 2), hour <= 23, byte(offset + 2, is: ":"),
              let minute = fixedDigits(at: offset + 3, 2), minute <= 59, byte(offset + 5, is: ":"),
              let second = fixedDigits(at: offset + 6, 2), second <= 59 else { return nil }
        var end = offset + 8
        var nanosecond = 0
        if byte(end, is: "."), end + 1 < bytes.count, Self.isDigit(bytes[end + 1]) {
            end += 1
            var scale = 100_000_000
            while end < bytes.count, Self.isDigit(bytes[end]) {
                nanosecond += Int(bytes[end] - 0x30) * scale
                scale /= 10
                end += 1
            }
        }
        return (end, TOMLDateTime.Time(hour: hour, minute: minute, second: second, nanosecond: nanosecond))
    }

    /// `YYYY-MM-DD`, optionally followed by `T` (or `t` or a space), a time and an offset.
    func dateTime(at offset: Int) -> (Int, TOMLDateTime)? {
        guard let year = fixedDigits(at: offset, 4), byte(offset + 4, is: "-"),
              let month = fixedDigits(at: offset + 5, 2), (1...12).contains(month), byte(offset + 7, is: "-"),
              let day = fixedDigits(at: offset + 8, 2), (1...31).contains(day) else { return nil }
        var value = TOMLDateTime(date: .init(year: year, month: month, day: day), time: nil, offsetMinutes: nil)
        let dateEnd = offset + 10
        guard dateEnd < bytes.count, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[dateEnd]),
              let (timeEnd, time) = self.time(at: dateEnd + 1) else { return (dateEnd, value) }
        value.time = time
        if byte(timeEnd, is: "Z") || byte(timeEnd, is: "z") {
            value.offsetMinutes = 0
            return (timeEnd + 1, value)
        }
        if byte(timeEnd, is: "+") || byte(timeEnd, is: "-"),
           let hours = fixedDigits(at: timeEnd + 1, 2), hours <= 23, byte(timeEnd + 3, is: ":"),
           let minutes = fixedDigits(at: timeEnd + 4, 2), minutes <= 59 {
            value.offsetMinutes = (hours * 60 + minutes) * (byte(timeEnd, is: "-") ? -1 : 1)
            return (timeEnd + 6, value)
        }
        return (timeEnd, value)
    }

    /// The calendar check the pattern cannot make: year 1 or later, the month's last day.
    func check(_ value: TOMLDateTime, at offset: Int) throws(TOMLError) {
        guard let date = value.date else { return }
        let leap = date.year % 4 == 0 && (date.year % 100 != 0 || date.year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][date.month - 1]
        guard date.year >= 1, date.day <= days else { throw error("invalid date", at: offset) }
    }
}
