#if canImport(Glibc)
import Glibc
#endif

/// A file the kiosk cannot read or write as asked: which one and why, printed `PATH: reason`.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `errno`'s message.
    public init(path: String, errno code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)))
    }

    /// `errno`'s message for a file to read: a missing one is "no such file", as the CLI
    /// says it everywhere.
    init(reading path: String, errno code: Int32) {
        self.init(path: path, reason: code == ENOENT ? "no such file" : String(cString: strerror(code)))
    }

    public var description: String { "\(path): \(reason)" }

    /// What a file of type `mode` is, for "is a FIFO, not a regular file".
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// "is a directory"; any other type also says that only a regular file will do.
    static func notRegular(_ path: String, _ mode: mode_t) -> FileError {
        let kind = kind(mode)
        return FileError(path: path, reason: mode & S_IFMT == S_IFDIR ? "is a directory" : "is \(kind), not a regular file")
    }
}

/// Files named from outside (screen files, icons, images, fonts, recordings, touch scripts,
/// board profiles) are read only when they are regular files of a bounded size: a FIFO
/// with no writer blocks open(2) forever, a device or a socket may never end, and a huge
/// file would be read whole into memory before any parser could refuse it.
public enum InputFile {
    /// Throws unless `path` names a regular file (links followed), without opening it: for
    /// a library that opens the file itself (FreeType).
    public static func checkRegular(_ path: String) throws(FileError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileError(reading: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileError.notRegular(path, info.st_mode) }
    }

    /// The bytes of the regular file at `path`, which may hold at most `limit` bytes. The
    /// type is checked before the file is opened (opening some devices has effects) and again
    /// on what was opened, with O_NONBLOCK, so a FIFO put in its place in between cannot block.
    public static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        try checkRegular(path)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(reading: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(reading: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileError.notRegular(path, info.st_mode) }
        let tooLarge = FileError(path: path, reason: "is larger than \(limit) bytes, the most this file may have")
        guard info.st_size <= limit else { throw tooLarge }
        // One byte more than the size, so a file that grew since fstat is noticed.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { throw tooLarge }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - count)))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw FileError(reading: path, errno: errno) }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw tooLarge }
        bytes.removeSubrange(count...)
        return bytes
    }
}

/// Files the kiosk writes (snapshots, frames, frame grabs, speech, calibrated profiles)
/// replace a regular file whole or not at all, and nothing else: the bytes go into a new
/// file beside the target, renamed over it. A rename would as readily replace a device node
/// (`--out /dev/full` as root), a FIFO or a socket, so whatever is at the path is looked at
/// first: nothing, a regular file or a symbolic link to one (the link is replaced, never
/// followed) may be replaced; anything else is an error naming it.
public enum OutputFile {
    /// Writes `bytes` to `path` whole or not at all; a failure (a full disk included)
    /// leaves no partial file behind.
    public static func replace(_ path: String, with bytes: [UInt8], permissions: mode_t = 0o666) throws(FileError) {
        let (fd, temporary) = try createBeside(path, permissions: permissions)
        func fail(_ code: Int32) -> FileError {
            unlink(temporary)
            return FileError(path: path, errno: code)
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let code = n < 0 ? errno : ENOSPC
                close(fd)
                throw fail(code)
            }
            written += n
        }
        guard close(fd) == 0 else { throw fail(errno) }
        do {
            try checkReplaceable(path)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else { throw fail(errno) }
    }

    /// An empty file at `path`, open for writing (the caller closes it): for a file written
    /// as it grows (speech). It replaces what is there on the same terms as `replace`.
    public static func create(_ path: String, permissions: mode_t = 0o666) throws(FileError) -> Int32 {
        let (fd, temporary) = try createBeside(path, permissions: permissions)
        do {
            try checkReplaceable(path)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            close(fd)
            unlink(temporary)
            throw FileError(path: path, errno: code)
        }
        return fd
    }

    /// Throws unless `path` is free, a regular file, or a symbolic link to one or to nothing.
    public static func checkReplaceable(_ path: String) throws(FileError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw FileError(path: path, errno: errno) }
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG else { return }
            throw FileError(path: path, reason: "is a symbolic link to \(FileError.kind(target.st_mode)), not to a regular file; nothing was written")
        default:
            throw FileError(path: path, reason: "is \(FileError.kind(info.st_mode)), not a regular file; nothing was written")
        }
    }

    /// A new file of a name no one else uses in `path`'s directory (never through a link).
    private static func createBeside(_ path: String, permissions: mode_t) throws(FileError) -> (Int32, String) {
        try checkReplaceable(path)
        let directory = PathComponents.directory(of: path)
        let prefix = (directory.isEmpty ? "" : directory == "/" ? "/" : directory + "/") + "." + PathComponents.lastComponent(of: path)
        while true {
            let temporary = prefix + "." + String(UInt32.random(in: .min ... .max), radix: 36) + ".partial"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
            if fd >= 0 { return (fd, temporary) }
            guard errno == EEXIST || errno == EINTR else { throw FileError(path: path, errno: errno) }
        }
    }
}
