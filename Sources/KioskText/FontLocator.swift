import FoundationEssentials
import Glibc

/// Where fonts are looked for, in order: a configured directory (the argument, else
/// `$KIOSK_FONTS`), a `fonts/` directory next to the executable or in one of its parents
/// (the package when run from `.build`), a `fonts/` directory in the current directory or
/// one of its parents, then the system's font directories.
public enum FontLocator {
    /// Debian's directories for the bundled faces, then the generic ones.
    public static let systemDirectories = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/truetype/tlwg",
        "/usr/share/fonts/truetype/droid",
        "/usr/share/fonts-droid-fallback/truetype",
        "/usr/local/share/fonts",
        "/usr/share/fonts/truetype",
    ]

    /// The directory the operator set (`$KIOSK_FONTS`, which a board profile's `font_dir`
    /// sets), if any.
    public static var configuredDirectory: String? {
        ProcessInfo.processInfo.environment["KIOSK_FONTS"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The directories in search order; `configured` (default: `configuredDirectory`) first.
    /// Without a configured directory the bundled and system ones are all there is.
    public static func searchDirectories(configured: String? = configuredDirectory) -> [String] {
        var result: [String] = []
        if let configured, !configured.isEmpty { result.append(configured) }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for start in [executable.path, FileManager.default.currentDirectoryPath] {
            if let found = bundledDirectory(walkingUpFrom: start), !result.contains(found) { result.append(found) }
        }
        return result + systemDirectories
    }

    /// The nearest `fonts/` directory holding DejaVuSans.ttf at or above `start`.
    static func bundledDirectory(walkingUpFrom start: String) -> String? {
        var url = URL(fileURLWithPath: start).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent("fonts")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("DejaVuSans.ttf").path) {
                return candidate.path
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}
