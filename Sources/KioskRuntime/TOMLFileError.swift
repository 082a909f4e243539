/// A problem in a TOML file the kiosk reads (a screen file, a board profile): where it is
/// and what is wrong, in the `file:line: key "k": message` form every such error prints.
public protocol TOMLFileError: Error, CustomStringConvertible, Equatable {
    var file: String { get }
    var line: Int { get }
    /// The key at fault (`screens[0].buttons[1].colour`), or nil for the file as a whole.
    var key: String? { get }
    var message: String { get }

    init(file: String, line: Int, key: String?, message: String)
}

extension TOMLFileError {
    public var description: String {
        "\(file):\(line): " + (key.map { "key \"\($0)\": " } ?? "") + message
    }
}
