import KioskTOML

extension TOMLTable {
    /// `bytes` parsed as TOML; a syntax error (NUL and invalid UTF-8 included) names `path`
    /// and the line it is on. Screen files and board profiles both read this way.
    static func parsing<Source>(_ bytes: some Sequence<UInt8>, path: String,
                                as failure: TOMLFileError<Source>.Type = ScreenFileError.self) throws(TOMLFileError<Source>) -> TOMLTable {
        do {
            return try TOML.parse(bytes)
        } catch {
            throw TOMLFileError(file: path, line: error.line, key: nil,
                                message: "TOML syntax: \(error.message) (column \(error.position.column))")
        }
    }

    /// The line of `key` in this table, else of the table itself.
    func line(of key: String?) -> Int {
        key.flatMap { entry($0)?.keyPosition.line } ?? position.line
    }
}
