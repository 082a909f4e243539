import FoundationEssentials
import Glibc
import KioskCore
import KioskDisplay
import KioskGraphics
import KioskInput
import KioskScreenFiles
import KioskTOML
import KioskViews

/// A board profile (board/profiles/NAME.toml): how one kind of board's panel is driven —
/// KMS driver and the kernel modules it needs, connector, mode, pixel format, rotation,
/// touch calibration, fonts, idle blanking, backlight, the language its users read, and the
/// text size and contrast they need (`[accessibility]`). `kiosk run --board` or
/// /etc/kiosk/board.toml picks one; flags and the screen file override it.
public struct BoardProfile: Equatable, Sendable {
    public var path: String
    /// The KMS driver of the panel's card, as the kernel names it (vc4, imx-lcdif, rockchip).
    public var driver: String?
    /// The kernel modules the panel and its touch need; start-up names those not loaded.
    public var modules: [String] = []
    public var connector: String?
    public var mode: String?
    public var format: String?
    public var rotation: Int?
    public var calibration: [Double]?
    public var fontDirectory: String?
    /// Idle blanking as the screen file's `display` has it: the board's default.
    public var idleSeconds: Int?
    public var blankSchedule: BlankSchedule?
    /// A /sys/class/backlight/NAME directory to switch off while blank (the board's).
    public var backlight: String?
    /// The language the kiosk starts in on this board ("de"; a BCP 47 tag ICU knows), under
    /// `--language` and a screen file's `[display] language`.
    public var language: String?
    /// `[accessibility] text_size`, `contrast`, `explore`: a terminal for people with low
    /// vision starts with larger text or more contrast, one for blind users with the
    /// screen reader's explore by touch.
    public var accessibility = AccessibilityChange()

    /// The profile /etc/kiosk/board.toml names when `--board` is not given.
    public static let systemPath = "/etc/kiosk/board.toml"
    /// A profile is a few dozen lines; a larger file is refused unread.
    public static let maximumFileBytes = 1 << 20

    static let keys = ["driver", "modules", "connector", "mode", "format", "rotation", "calibration", "font_dir", "idle_seconds",
                       "blank_schedule", "backlight", "language", "accessibility"]
    static let accessibilityKeys = ["text_size", "contrast", "explore"]

    /// The profile a kiosk runs with: `board` (a `--board` flag) when given, else
    /// /etc/kiosk/board.toml when the board has one, else none.
    public static func selected(_ board: String?) throws(BoardProfileError) -> BoardProfile? {
        if let board { return try resolve(board) }
        guard FileManager.default.fileExists(atPath: systemPath) else { return nil }
        return try BoardProfile(contentsOf: systemPath)
    }

    /// `nameOrPath` is a file path (contains "/" or ends in .toml) or a profile name looked
    /// up in /etc/kiosk/boards/ and in the profiles/ folder next to the binary's release.
    public static func resolve(_ nameOrPath: String, executable: String = CommandLine.arguments[0]) throws(BoardProfileError) -> BoardProfile {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".toml") {
            return try BoardProfile(contentsOf: nameOrPath)
        }
        let release = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent().path
        let candidates = ["/etc/kiosk/boards/\(nameOrPath).toml", "\(release)/profiles/\(nameOrPath).toml",
                          "board/profiles/\(nameOrPath).toml"]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw BoardProfileError(file: nameOrPath, line: 1, key: nil,
                                  message: "no board profile of that name (looked in \(candidates.joined(separator: ", ")))")
        }
        return try BoardProfile(contentsOf: found)
    }

    public init(contentsOf path: String) throws(BoardProfileError) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: Self.maximumFileBytes)
        } catch {
            throw BoardProfileError(file: path, line: 1, key: nil, message: "cannot read the board profile: \(error.reason)")
        }
        try self.init(parsing: bytes, path: path)
    }

    public init(parsing text: String, path: String) throws(BoardProfileError) {
        try self.init(parsing: Array(text.utf8), path: path)
    }

    /// Parses the bytes of a profile; any bytes give a profile or an error, never a trap.
    public init(parsing bytes: [UInt8], path: String) throws(BoardProfileError) {
        let table: TOMLTable
        do { table = try TOML.parse(bytes) } catch { throw BoardProfileError(file: path, syntax: error) }
        func fail(_ key: String?, _ message: String) -> BoardProfileError {
            BoardProfileError(file: path, line: table.line(of: key), key: key, message: message)
        }
        for key in table.keys where !Self.keys.contains(key) {
            throw fail(key, "unknown key (known keys: \(Self.keys.joined(separator: ", ")))")
        }
        func string(_ key: String) throws(BoardProfileError) -> String? {
            guard let value = table[key] else { return nil }
            guard let s = value.string else { throw fail(key, "expected a string") }
            return s
        }
        self.path = path
        driver = try string("driver")
        if driver?.isEmpty == true { throw fail("driver", "must not be empty") }
        if let value = table["modules"] {
            let names = (value.array ?? []).compactMap(\.string)
            guard !names.isEmpty, names.count == value.array?.count, names.allSatisfy(Self.isModuleName) else {
                throw fail("modules", "expected kernel module names, e.g. [\"vc4\", \"edt_ft5x06\"]")
            }
            modules = names
        }
        connector = try string("connector")
        mode = try string("mode")
        if let mode {
            do { _ = try ModeRequest(parsing: mode) } catch { throw fail("mode", "\(error)") }
        }
        format = try string("format")
        if let format, PixelFormat(scanoutName: format) == nil {
            throw fail("format", "expected XRGB8888 or RGB565, got \"\(format)\"")
        }
        if let value = table["rotation"] {
            guard let degrees = value.integer, [0, 90, 180, 270].contains(degrees) else {
                throw fail("rotation", "expected 0, 90, 180 or 270")
            }
            rotation = degrees
        }
        if let value = table["calibration"] {
            let numbers = value.array.map { $0.map(\.number) } ?? []
            guard numbers.count == 6, numbers.allSatisfy({ $0?.isFinite == true }) else {
                throw fail("calibration", "expected 6 numbers (libinput's matrix a b c d e f)")
            }
            calibration = numbers.compactMap { $0 }
        }
        fontDirectory = try string("font_dir")
        if let value = table["idle_seconds"] {
            guard let seconds = value.integer, (1...604_800).contains(seconds) else { throw fail("idle_seconds", "expected whole seconds in 1...604800") }
            idleSeconds = seconds
        }
        if let schedule = try string("blank_schedule") {
            do { blankSchedule = try BlankSchedule(parsing: schedule) } catch { throw fail("blank_schedule", error.message) }
        }
        backlight = try string("backlight")
        if backlight?.isEmpty == true { throw fail("backlight", "must not be empty") }
        if let text = try string("language") {
            do { language = try LanguageTag(validating: text).identifier } catch { throw fail("language", error.description) }
        }
        if let value = table["accessibility"] {
            guard let section = value.table else { throw fail("accessibility", "expected a table ([accessibility])") }
            accessibility = try Self.accessibility(section, path: path)
        }
    }

    /// A name modprobe takes: letters, digits, `_` and `-`.
    static func isModuleName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    /// `[accessibility]`: its keys' errors name the file, their line and `accessibility.KEY`.
    private static func accessibility(_ table: TOMLTable, path: String) throws(BoardProfileError) -> AccessibilityChange {
        func fail(_ key: String, _ message: String) -> BoardProfileError {
            BoardProfileError(file: path, line: table.line(of: key), key: "accessibility." + key, message: message)
        }
        for key in table.keys where !accessibilityKeys.contains(key) {
            throw fail(key, "unknown key (known keys: \(accessibilityKeys.joined(separator: ", ")))")
        }
        func name(_ key: String) throws(BoardProfileError) -> String? {
            guard let value = table[key] else { return nil }
            guard let s = value.string else { throw fail(key, "expected a string") }
            return s
        }
        var change = AccessibilityChange()
        if let text = try name("text_size") {
            do { change.textSize = try AccessibilityChange.textSize(named: text) } catch { throw fail("text_size", error.message) }
        }
        if let text = try name("contrast") {
            do { change.contrast = try AccessibilityChange.contrast(named: text) } catch { throw fail("contrast", error.message) }
        }
        if let value = table["explore"] {
            guard let explore = value.bool else { throw fail("explore", "expected true or false") }
            change.mode = explore ? .explore : .standard
        }
        return change
    }
}
