/// Where something sits in a TOML text: 1-based line and column (columns count Unicode
/// scalars), so a caller can name the exact spot of a bad key or value.
public struct TOMLPosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// One TOML value and where it starts.
public struct TOMLValue: Sendable {
    public enum Kind: Sendable {
        case string(String)
        case integer(Int64)
        case float(Double)
        case boolean(Bool)
        case dateTime(TOMLDateTime)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    public var kind: Kind
    public var position: TOMLPosition

    public init(_ kind: Kind, at position: TOMLPosition) {
        self.kind = kind
        self.position = position
    }

    public var string: String? { if case .string(let s) = kind { s } else { nil } }
    public var integer: Int? { if case .integer(let n) = kind { Int(exactly: n) } else { nil } }
    public var float: Double? { if case .float(let x) = kind { x } else { nil } }
    /// An integer or a float, as a Double.
    public var number: Double? {
        switch kind {
        case .integer(let n): Double(n)
        case .float(let x): x
        default: nil
        }
    }
    public var bool: Bool? { if case .boolean(let b) = kind { b } else { nil } }
    public var array: [TOMLValue]? { if case .array(let a) = kind { a } else { nil } }
    public var table: TOMLTable? { if case .table(let t) = kind { t } else { nil } }

    /// The value's type with its article, for messages: "an integer", "a string", ….
    public var typeName: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .boolean: "a boolean"
        case .dateTime: "a date or time"
        case .array: "an array"
        case .table: "a table"
        }
    }
}

/// A TOML offset date-time, local date-time, local date or local time: whichever parts the
/// text had. Fractions of a second are kept to the nanosecond.
public struct TOMLDateTime: Hashable, Sendable {
    public struct Date: Hashable, Sendable {
        public var year: Int, month: Int, day: Int
    }

    public struct Time: Hashable, Sendable {
        public var hour: Int, minute: Int, second: Int, nanosecond: Int
    }

    public var date: Date?
    public var time: Time?
    /// Minutes east of UTC; nil for a local date, time or date-time.
    public var offsetMinutes: Int?
}
