import FoundationEssentials
import Glibc
import KioskCore

/// A string table that cannot be read: which file, which line, and what is wrong there.
public struct StringTableError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String

    public var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }

    /// The most a table file may hold: far past any kiosk's strings, and read at start-up.
    public static let maximumFileBytes = 8 << 20

    /// The text of a table file: UTF-16 with a byte-order mark (as Xcode writes `.strings`)
    /// or UTF-8; anything else is an error naming the line of the first bad byte. Only a
    /// regular file is read (a FIFO would block start-up), up to `maximumFileBytes`.
    static func text(of path: String) throws -> String {
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try InputFile.read(path, limit: maximumFileBytes)
        } catch {
            throw StringTableError(path: path, message: error.reason)
        }
        return try text(bytes, path: path)
    }

    /// `bytes` decoded as `text(of:)` decodes a file's; `path` names it in errors.
    static func text(_ bytes: [UInt8], path: String) throws -> String {
        let data = Data(bytes)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: data, encoding: .utf16) else {
                throw StringTableError(path: path, message: "not valid UTF-16 text")
            }
            return text
        }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var text = ""
        text.reserveCapacity(bytes.count)
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                text.unicodeScalars.append(scalar)
            case .emptyInput:
                return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
            case .error:
                throw StringTableError(path: path, line: line, message: "not valid UTF-8 text")
            }
        }
    }
}
