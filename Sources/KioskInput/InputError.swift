#if canImport(Glibc)
import Glibc
#endif

/// A failed input call: what was attempted, on what, and why.
public struct InputError: SystemCallFailure, CustomStringConvertible, Equatable {
    public var operation: String
    public var reason: String

    public init(_ operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// An error naming the failed call and `errno`'s message, with a hint where one helps.
    public static func errno(_ operation: String, code: Int32 = Glibc.errno) -> InputError {
        var reason = String(cString: strerror(code))
        switch code {
        case EACCES, EPERM:
            reason += " (run as root or add the user to the 'input' group)"
        case ENOENT where operation.contains("uinput"):
            reason += " (load the uinput module: modprobe uinput)"
        default:
            break
        }
        return InputError(operation, reason: reason)
    }

    /// A failed call as an input error, with the advice `errno(_:code:)` gives.
    public init(_ error: SystemError) {
        self = .errno(error.operation, code: error.errno.rawValue)
    }

    public var description: String { "\(operation): \(reason)" }
}
