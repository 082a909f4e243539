/// Why a text is not TOML, and where: the line and column of the first fault.
public struct TOMLError: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: TOMLPosition
    public var message: String

    public init(_ message: String, at position: TOMLPosition) {
        self.message = message
        self.position = position
    }

    public var line: Int { position.line }

    public var description: String { "line \(position.line), column \(position.column): \(message)" }
}
