import KioskCore

/// A problem in a TOML file the kiosk reads: where it is and what is wrong, printed as
/// `file:line: key "k": message`. `Source` is the kind of file (`ScreenFile`,
/// `BoardProfile`), so each kind's errors are a type of their own.
public struct TOMLFileError<Source>: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    public var line: Int
    /// The key at fault (`screens[0].buttons[1].colour`), or nil for the file as a whole.
    public var key: String?
    public var message: String

    public init(file: String, line: Int, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// A TOML syntax error in `file` (NUL and invalid UTF-8 included), at its line. Each kind
    /// of file catches its own: a throw of a generic error type crashes Swift 6.0.3's SILGen,
    /// which builds the arm64 kiosk.
    public init(file: String, syntax error: TOMLError) {
        self.init(file: file, line: error.line, key: nil,
                  message: "TOML syntax: \(error.message) (column \(error.position.column))")
    }

    /// The key and message with control characters escaped and long text cut
    /// (`ErrorText`): both may hold what the file says.
    public var description: String {
        "\(file):\(line): " + (key.map { "key \(ErrorText.quoted($0)): " } ?? "") + ErrorText.escaped(message)
    }
}
