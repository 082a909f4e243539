import KioskDisplay
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Display errors")
struct DisplayErrorTests {
    @Test func retriesEINTRUntilTheCallSucceeds() throws {
        var calls = 0
        let result = try retryingEINTR("read") {
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 7
        }
        #expect(result == 7 && calls == 3)
    }

    @Test func libdrmsNegativeErrnoIsUnderstoodToo() {
        #expect {
            try retryingEINTR("page flip on CRTC 38", as: DisplayError.self) { -EBUSY }
        } throws: { error in
            (error as? DisplayError)?.operation == "page flip on CRTC 38" && "\(error)".contains("busy")
        }
    }

    @Test func aNegativeEINTRIsRetriedAsWell() throws {
        var calls = 0
        try retryingEINTR("ioctl") {
            calls += 1
            return calls == 1 ? -EINTR : 0
        }
        #expect(calls == 2)
    }

    @Test func permissionDeniedNamesTheGroups() {
        let text = "\(DisplayError.errno("open /dev/dri/card0", code: EACCES))"
        #expect(text.contains("/dev/dri/card0") && text.contains("'video'") && text.contains("'render'"))
    }

    @Test func notMasterSaysAnotherProcessHoldsTheDisplayAndWhatToDo() {
        let text = "\(DisplayError.notMaster("/dev/dri/card0"))"
        #expect(text.contains("/dev/dri/card0") && text.contains("another process is DRM master")
                && text.contains("--display headless"))
    }

    @Test func aMissingDriDirectorySaysWhatToDo() {
        #expect {
            try DRMDevice.cardPaths(in: "/nonexistent/dri")
        } throws: { error in
            "\(error)".contains("no DRM/KMS driver is loaded") && "\(error)".contains("--display headless")
        }
    }

    @Test func cardsAreListedInNumericOrder() throws {
        let directory = "/tmp/kiosk-dri-\(getpid())"
        mkdir(directory, 0o755)
        defer {
            for name in ["card10", "card2", "renderD128", "card0"] { unlink("\(directory)/\(name)") }
            rmdir(directory)
        }
        for name in ["card10", "card2", "renderD128", "card0"] { close(creat("\(directory)/\(name)", 0o644)) }
        #expect(try DRMDevice.cardPaths(in: directory) == ["card0", "card2", "card10"].map { "\(directory)/\($0)" })
    }

    @Test func openingAMissingCardNamesIt() {
        #expect {
            try DRMDevice(path: "/nonexistent/card0")
        } throws: { error in "\(error)".contains("open /nonexistent/card0") }
    }
}
