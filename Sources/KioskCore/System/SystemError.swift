/// A failed system call: what was attempted and the errno it failed with. Each layer turns
/// it into its own domain's error (`DisplayError`, `InputError`) where it has advice to add.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public var operation: String
    public var errno: Errno

    public init(_ operation: String, errno: Errno = .current) {
        self.operation = operation
        self.errno = errno
    }

    public var description: String { "\(operation): \(errno)" }
}

/// An error a failed system call can be reported as.
public protocol SystemCallFailure: Error {
    init(_ error: SystemError)
}

extension SystemError: SystemCallFailure {
    public init(_ error: SystemError) {
        self = error
    }
}
