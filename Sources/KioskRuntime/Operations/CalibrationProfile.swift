import FoundationEssentials
import Glibc
import KioskCore
import KioskBoardProfiles
import KioskInput

/// Writes a touch calibration into a board profile (`BoardProfile`'s TOML): its top-level
/// `calibration = [a, b, c, d, e, f]` replaced when there, added before the first table
/// when not; the rest of the file is left as it was, comments included.
public enum CalibrationProfile {
    /// `text` with `calibration` set to `matrix`; a CRLF file stays CRLF.
    public static func updating(_ text: String, with matrix: CalibrationMatrix) -> String {
        let line = "calibration = [" + matrix.text.split(separator: " ").joined(separator: ", ") + "]"
        // Swift reads "\r\n" as one Character: split on it as well as on "\n".
        var lines = text.isEmpty ? [] : text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        let ending = text.contains("\r\n") ? "\r\n" : "\n"
        if lines.last == "" { lines.removeLast() }
        // Spaces and tabs off both ends (CharacterSet.whitespaces, which is full Foundation's).
        let blank: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        let trimmed = lines.map { String($0.drop(while: blank).reversed().drop(while: blank).reversed()) }
        let firstTable = trimmed.firstIndex { $0.hasPrefix("[") } ?? lines.count
        if let existing = trimmed[..<firstTable].firstIndex(where: { $0.hasPrefix("calibration") && $0.contains("=") }) {
            lines[existing] = line
        } else {
            lines.insert(line, at: firstTable)
        }
        return lines.joined(separator: ending) + ending
    }

    /// Updates (or creates) the profile at `path`, whole or not at all; only a regular file
    /// is read and replaced (`InputFile`, `OutputFile`).
    public static func write(_ matrix: CalibrationMatrix, to path: String) throws(WriteError) {
        let directory = PathComponents.directory(of: path)
        do {
            let old = access(path, F_OK) == 0 ? try InputFile.read(path, limit: BoardProfile.maximumFileBytes) : []
            if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            try OutputFile.replace(path, with: Array(updating(String(decoding: old, as: UTF8.self), with: matrix).utf8))
        } catch let error as FileError {
            throw WriteError(path: path, reason: error.reason)
        } catch {
            throw WriteError(path: path, reason: reason(of: error))
        }
    }

    /// A profile that could not be written: the file and the system's reason ("No space
    /// left on device"), not Foundation's error dump.
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    private static func reason(of error: Error) -> String { error.fileErrorReason }
}
