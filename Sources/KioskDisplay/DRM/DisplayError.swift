#if canImport(Glibc)
import Glibc
#endif

/// A failed display or console call: what was attempted, why it failed, and what to do.
public struct DisplayError: SystemCallFailure, CustomStringConvertible, Equatable {
    /// The errors a caller handles differently from a plain failure.
    public enum Kind: Sendable {
        case failure
        /// Cards are there but no panel is plugged in: a kiosk waits for one (hotplug).
        case noConnectedConnector
    }

    public var operation: String
    public var reason: String
    public var kind: Kind
    /// The errno of a failed call; 0 when the error is not one.
    public var code: Int32

    public init(_ operation: String, reason: String, kind: Kind = .failure, code: Int32 = 0) {
        self.operation = operation
        self.reason = reason
        self.kind = kind
        self.code = code
    }

    /// An error naming the failed call with `errno`'s message and, for the errors a kiosk
    /// meets on a board, what to do about it.
    public static func errno(_ operation: String, code: Int32) -> DisplayError {
        var reason = String(cString: strerror(code))
        switch code {
        case EACCES:
            reason += " (run as root or add the user to the 'video' group; render nodes need 'render')"
        case EPERM:
            reason += " (run as root, or stop the process that is DRM master)"
        case ENOENT where operation.contains("/dev/dri"):
            reason += " (no DRM driver is loaded: load the panel's KMS module, or \(DisplayError.headlessAdvice))"
        case EBUSY:
            reason += " (the device is busy: another process holds it)"
        default:
            break
        }
        return DisplayError(operation, reason: reason, code: code)
    }

    /// This process cannot modeset `card`: another one (a display server, another kiosk)
    /// is DRM master. The kernel answers EACCES or EPERM alike then.
    public static func notMaster(_ card: String) -> DisplayError {
        DisplayError("take over \(card)", reason: "another process is DRM master (a display server or another kiosk); "
                     + "stop it, run on a free VT, or \(headlessAdvice)", code: EACCES)
    }

    /// A failed call as a display error, with the advice `errno(_:code:)` gives.
    public init(_ error: SystemError) {
        self = .errno(error.operation, code: error.errno.rawValue)
    }

    public var description: String { "\(operation): \(reason)" }

    /// The way round a display problem that `kiosk run` offers; a command without the flag
    /// says it in its own words.
    public static let headlessAdvice = "use --display headless"
}
