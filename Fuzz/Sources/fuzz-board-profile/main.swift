import CFuzzDriver
import Foundation
import FuzzChecks
import KioskBoardProfiles

// Any bytes as a board profile: a profile or an error naming file and line with no raw
// control character, never a crash.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    do {
        _ = try BoardProfile(parsing: Array(UnsafeBufferPointer(start: data, count: size)), path: "/nonexistent/board.toml")
    } catch {
        checkErrorLine("\(error)", file: "/nonexistent/board.toml")
    }
    return 0
})
