import FoundationEssentials
import KioskCore
import KioskControl
import KioskGraphics
#if canImport(Glibc)
import Glibc
#endif

/// Where the control socket's `snapshot` may write: one directory (`--snapshot-dir`, by
/// default the control socket's own, /run/kiosk). Anyone who may talk to the socket may
/// ask for a snapshot, and the kiosk writes it with its own rights, so a path outside
/// the directory, through a symbolic link, or climbing out with `..` is refused.
public struct SnapshotDirectory: Equatable, Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The directory for a control socket at `socketPath`: its own directory.
    public init(socketPath: String) {
        let directory = PathComponents.directory(of: socketPath)
        self.init(path: directory.isEmpty ? FileManager.default.currentDirectoryPath : directory)
    }

    /// The file `requested` names: a relative name inside the directory, an absolute path
    /// only when it lies inside it (subdirectories included). The result has no `..` and
    /// no symbolic link in its directories.
    public func resolve(_ requested: String) throws(ControlError) -> String {
        let refusal = ControlError("snapshot paths must be inside \(path) (a relative name is put there): \(requested)")
        guard let base = Self.realPath(path) else { throw ControlError("cannot use the snapshot directory \(path): no such directory") }
        let joined = requested.hasPrefix("/") ? requested : base + "/" + requested
        let lexical = Self.normalized(joined)
        guard let name = lexical.last, name != "", !requested.hasSuffix("/") else { throw refusal }
        let parentPath = "/" + lexical.dropLast().joined(separator: "/")
        guard let parent = Self.realPath(parentPath) else {
            throw ControlError("cannot write \(requested): no such directory \(parentPath)")
        }
        guard parent == base || parent.hasPrefix(base == "/" ? "/" : base + "/") else { throw refusal }
        return (parent == "/" ? "" : parent) + "/" + name
    }

    /// Writes `bytes` to `file` (a path `resolve` returned), never through a symbolic link,
    /// whole or not at all: a full disk leaves no partial PNG behind.
    public func write(_ bytes: [UInt8], to file: String) throws(ControlError) {
        do {
            try PNGFile.write(bytes, to: file, permissions: 0o640)
        } catch {
            throw ControlError("cannot write \(file): \(error.reason)")
        }
    }

    /// The path's components with `.` and `..` taken out, as written (no links followed).
    private static func normalized(_ path: String) -> [String] {
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(String(part))
            }
        }
        return parts
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
