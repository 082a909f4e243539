import Foundation
import KioskInput

/// Writes a touch calibration into a board profile (TOML): the `calibration` key of its
/// `[touch]` table, replaced when there, added (with the table) when not; the rest of the
/// file is left as it was, comments included.
public enum CalibrationProfile {
    /// `text` with `[touch] calibration = "a b c d e f"` set to `matrix`.
    public static func updating(_ text: String, with matrix: CalibrationMatrix) -> String {
        let line = "calibration = \"\(matrix.text)\""
        var lines = text.isEmpty ? [] : text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let isTable = { (l: String) in l.trimmingCharacters(in: .whitespaces).hasPrefix("[") }
        if let header = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "[touch]" }) {
            let end = lines[(header + 1)...].firstIndex(where: isTable) ?? lines.count
            if let existing = lines[(header + 1)..<end].firstIndex(where: {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("calibration") && $0.contains("=")
            }) {
                lines[existing] = line
            } else {
                lines.insert(line, at: header + 1)
            }
        } else {
            if let last = lines.last, !last.isEmpty { lines.append("") }
            lines += ["[touch]", line]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Updates (or creates) the profile at `path`.
    public static func write(_ matrix: CalibrationMatrix, to path: String) throws {
        let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        try updating(old, with: matrix).write(toFile: path, atomically: true, encoding: .utf8)
    }
}
