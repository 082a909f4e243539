import FoundationEssentials
import Glibc
import KioskGestures

/// Throws `PATH: no such file` (or what else keeps it from being read) before a parser
/// would report the file's first line.
public func checkReadable(_ path: String) throws {
    guard access(path, R_OK) != 0 else {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw ValidationFailure("\(path): is a directory") }
        return
    }
    let code = errno
    throw ValidationFailure("\(path): " + (code == ENOENT ? "no such file" : String(cString: strerror(code))))
}

extension TouchScript {
    /// The touch script at `path`; an error names the file and line.
    public init(file path: String) throws {
        try checkReadable(path)
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ValidationFailure("cannot read touch script \(path)")
        }
        do {
            try self.init(parsing: text)
        } catch {
            throw ValidationFailure("\(path):\(error.line): \(error.message)")
        }
    }
}
