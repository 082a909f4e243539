import CFuzzDriver
import Foundation
import KioskBoardProfiles

// Any bytes as a board profile: a profile or an error, never a crash.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    _ = try? BoardProfile(parsing: Array(UnsafeBufferPointer(start: data, count: size)), path: "/nonexistent/board.toml")
    return 0
})
