#if canImport(Glibc)
import Glibc
#endif

/// Calls `body` until it does not fail with EINTR. A negative result (-1 with errno set, or
/// libdrm's -errno, which may leave errno unset) becomes a `Failure` naming `operation`.
@discardableResult
public func retryingEINTR<Failure: SystemCallFailure>(
    _ operation: @autoclosure () -> String, as failure: Failure.Type = SystemError.self, _ body: () -> Int32
) throws(Failure) -> Int32 {
    while true {
        Glibc.errno = 0
        let result = body()
        if result >= 0 { return result }
        let code = Glibc.errno != 0 ? Glibc.errno : -result
        if code == EINTR { continue }
        throw Failure(SystemError(operation(), errno: Errno(rawValue: code)))
    }
}
