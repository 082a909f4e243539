/// A problem in a board profile: where it is and what is wrong.
public struct BoardProfileError: TOMLFileError {
    public var file: String
    public var line: Int
    public var key: String?
    public var message: String

    public init(file: String, line: Int, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }
}
