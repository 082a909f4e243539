/// What went wrong with speech; the kiosk reports it and goes on without speaking.
public struct SpeechError: Error, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
