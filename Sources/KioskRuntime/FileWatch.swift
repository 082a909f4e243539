import KioskCore
import KioskGestures
#if canImport(Glibc)
import Glibc
#endif

/// Files followed with inotify on the run loop: after a change to any of them, once they
/// have been quiet for `quiet` (or at most `longest` after the first change), `changed`
/// runs. The watches are on the files' directories, not the files, so a save that writes a
/// temporary file and renames it over the old one, or deletes and recreates it, is seen as
/// a write in place is. Waiting for quiet turns an editor's save in steps into one change,
/// and a file saved many times a second into a few changes a second.
public final class FileWatch: RunLoopSource {
    public static let defaultQuiet: Microseconds = 150_000
    public static let defaultLongest: Microseconds = 500_000

    private let descriptor: Int32
    private let clock: any Clock
    private let quiet: Microseconds
    private let longest: Microseconds
    private let changed: () -> Void
    /// Each watched directory's descriptor, and the names followed in it.
    private var directories: [Int32: (path: String, names: Set<String>)] = [:]
    /// The first and the latest change since `changed` last ran.
    private var pending: (first: Microseconds, last: Microseconds)?

    public init(clock: any Clock, quiet: Microseconds = defaultQuiet, longest: Microseconds = defaultLongest,
                changed: @escaping () -> Void) throws(SystemError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw SystemError("create an inotify instance to watch files") }
        self.clock = clock
        self.quiet = quiet
        self.longest = longest
        self.changed = changed
    }

    deinit { close(descriptor) }

    /// Follows `paths` from now on (and no others). A directory that cannot be watched (it
    /// is gone) is skipped: its files are missing, which reading them says.
    public func follow(_ paths: [String]) {
        var wanted: [String: Set<String>] = [:]
        for path in paths {
            let directory = PathComponents.directory(of: path)
            wanted[directory.isEmpty ? "." : directory, default: []].insert(PathComponents.lastComponent(of: path))
        }
        for (wd, directory) in directories where wanted[directory.path] == nil {
            inotify_rm_watch(descriptor, wd)
            directories[wd] = nil
        }
        let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
        for (directory, names) in wanted {
            let wd = inotify_add_watch(descriptor, directory, events | UInt32(IN_ONLYDIR))
            if wd >= 0 { directories[wd] = (directory, names) }
        }
    }

    /// The paths followed now, by directory.
    public var followed: [String] {
        directories.values.flatMap { directory in directory.names.map { directory.path + "/" + $0 } }.sorted()
    }

    public var pollDescriptors: [pollfd] { [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)] }

    public func handle(_ ready: [pollfd]) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var touched = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[nameStart..<nameStart + length].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameStart + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    touched = true
                } else if mask & UInt32(IN_IGNORED) != 0 {
                    // The directory itself went away (not a watch `follow` dropped): its
                    // files now read as missing.
                    if directories.removeValue(forKey: wd) != nil { touched = true }
                } else if directories[wd]?.names.contains(name) == true {
                    touched = true
                }
            }
        }
        guard touched else { return }
        let now = clock.now()
        pending = (pending?.first ?? now, now)
    }

    public var nextDeadline: Int64? {
        pending.map { min($0.last + quiet, $0.first + longest) }
    }

    public func advance(to now: Int64) {
        guard let due = nextDeadline, due <= now else { return }
        pending = nil
        changed()
    }
}
