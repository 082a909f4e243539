import FoundationEssentials
import Glibc
import KioskCore
import KioskGestures

/// Throws `PATH: no such file` (or what else keeps it from being read: a directory, a FIFO,
/// a device) before a parser would report the file's first line.
public func checkReadable(_ path: String) throws {
    do {
        try InputFile.checkRegular(path)
    } catch {
        throw ValidationFailure(error.description)
    }
    guard access(path, R_OK) == 0 else { throw ValidationFailure("\(path): \(String(cString: strerror(errno)))") }
}

extension TouchScript {
    /// A touch script longer than this is refused unread: 24 hours of a frame every
    /// millisecond at two events a frame is far less.
    public static let maximumFileBytes = 64 << 20

    /// The touch script at `path`; an error names the file and line.
    public init(file path: String) throws {
        try checkReadable(path)
        do {
            try self.init(parsing: try Self.text(of: path))
        } catch let error as FileError {
            throw ValidationFailure(error.description)
        } catch let error as TouchScriptError {
            throw ValidationFailure("\(path):\(error.line): \(error.message)")
        }
    }

    /// The text of the touch script at `path`: a regular file of at most `maximumFileBytes`.
    public static func text(of path: String) throws(FileError) -> String {
        String(decoding: try InputFile.read(path, limit: maximumFileBytes), as: UTF8.self)
    }
}
