import CFuzzDriver
import Foundation
import KioskScreenFiles

// Any bytes as a screen file: a file or an error, never a crash. The path is in a folder
// that does not exist, so relative icon paths name no file.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    _ = try? ScreenFile(parsing: Array(UnsafeBufferPointer(start: data, count: size)), path: "/nonexistent/fuzz.toml")
    return 0
})
