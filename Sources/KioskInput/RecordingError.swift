import KioskCore

/// Why a `libinput record` recording cannot be replayed: the file, the line and the key
/// (`devices[0].evdev.absinfo.53`) of the first problem found.
public struct RecordingError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    /// 1-based; nil when the problem is the file itself (missing, not UTF-8).
    public var line: Int?
    /// The key path of the offending value; empty for the whole file.
    public var key: String
    public var message: String

    public init(file: String, line: Int?, key: String, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// The key and message with control characters escaped and long text cut
    /// (`ErrorText`): both may hold what the file says.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        let message = ErrorText.escaped(message)
        return key.isEmpty ? "\(place): \(message)" : "\(place): \(ErrorText.escaped(key, limit: ErrorText.maximumValueLength)): \(message)"
    }
}
