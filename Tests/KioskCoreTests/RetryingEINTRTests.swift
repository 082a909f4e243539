import KioskCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct RetryingEINTRTests {
    /// A call that fails with EINTR `interruptions` times, then answers `result`.
    final class Interrupted {
        var interruptions: Int
        var calls = 0
        let result: Int32

        init(interruptions: Int, then result: Int32) {
            self.interruptions = interruptions
            self.result = result
        }

        func call() -> Int32 {
            calls += 1
            guard interruptions == 0 else {
                interruptions -= 1
                Glibc.errno = EINTR
                return -1
            }
            return result
        }
    }

    @Test func retriesAnInterruptedCall() throws {
        let call = Interrupted(interruptions: 3, then: 7)
        #expect(try retryingEINTR("read a thing") { call.call() } == 7)
        #expect(call.calls == 4)
    }

    @Test func aFailureNamesTheCallAndItsErrno() {
        #expect(throws: SystemError("open /dev/dri/card0", errno: .resourceBusy)) {
            try retryingEINTR("open /dev/dri/card0") { Glibc.errno = EBUSY; return -1 }
        }
    }

    /// libdrm returns -errno and may leave errno unset.
    @Test func aNegativeErrnoResultIsTheError() {
        #expect(throws: SystemError("page flip", errno: .permissionDenied)) {
            try retryingEINTR("page flip") { -EACCES }
        }
    }

    /// An interrupted libdrm call (-EINTR) is retried like one that set errno.
    @Test func aNegativeEINTRIsRetried() throws {
        var calls = 0
        let result = try retryingEINTR("set master") { () -> Int32 in
            calls += 1
            return calls < 3 ? -EINTR : 0
        }
        #expect(result == 0 && calls == 3)
    }

    struct DomainError: SystemCallFailure, Equatable {
        var text: String
        init(_ error: SystemError) { text = "domain: \(error)" }
    }

    @Test func aLayerReportsItInItsOwnDomain() {
        #expect(throws: DomainError(SystemError("ioctl", errno: .noSuchDevice))) {
            try retryingEINTR("ioctl", as: DomainError.self) { -ENODEV }
        }
    }

    @Test func errnoDescribesItself() {
        #expect(Errno.noSuchFileOrDirectory.description == "No such file or directory")
        #expect("\(SystemError("open x", errno: .noSuchFileOrDirectory))" == "open x: No such file or directory")
    }
}
