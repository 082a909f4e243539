import FoundationEssentials
import Glibc

extension Error {
    /// What the system said about a failed file operation ("No such file or directory"):
    /// FoundationEssentials' file errors carry the POSIX error underneath, and
    /// `localizedDescription` is full Foundation's.
    public var fileErrorReason: String {
        if let posix = self as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = self as? CocoaError, let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(self)"
    }
}
