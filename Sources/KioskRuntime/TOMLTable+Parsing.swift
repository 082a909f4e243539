import TOMLKit

extension TOMLTable {
    /// `text` parsed as TOML; a syntax error names `path` and the line it is on. Screen
    /// files and board profiles both read this way.
    static func parsing(_ text: String, path: String) throws(ScreenFileError) -> TOMLTable {
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ScreenFileError(file: path, line: error.source.begin.line, key: nil, message: "TOML syntax: \(error.description)")
        } catch {
            throw ScreenFileError(file: path, line: 1, key: nil, message: "TOML syntax: \(error)")
        }
    }
}
