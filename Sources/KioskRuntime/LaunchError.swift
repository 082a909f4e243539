/// A kiosk that could not start or stopped on a device, console, input or control-socket
/// error. The message already says what to do, so a command prints it as one line.
public struct LaunchError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
