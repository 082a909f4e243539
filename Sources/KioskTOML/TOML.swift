/// Reads TOML 1.0 (https://toml.io/en/v1.0.0).
///
/// Hand-written because no TOML library we can use is safe on any input: the C++ toml++
/// behind TOMLKit aborts the process on malformed text (its `assert()`s are live, and
/// turning them off makes them undefined behaviour), reads a NUL as the end of the text, and
/// gives no position for keys or values. This reader never traps on any bytes, rejects NUL
/// and invalid UTF-8 with their line, and keeps the line and column of every key and value
/// so a caller can name them in its own errors. It is checked against Python's `tomllib`
/// on generated and mutated documents (Tests/KioskTOMLTests).
public enum TOML {
    /// Parses `bytes` (UTF-8; CRLF or LF line ends) into the document's root table.
    public static func parse(_ bytes: some Sequence<UInt8>) throws(TOMLError) -> TOMLTable {
        var parser = Parser(try TOMLText(bytes))
        return try parser.document().build()
    }

    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        try parse(text.utf8)
    }
}
