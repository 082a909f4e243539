import CFuzzDriver
import Foundation
import KioskGestures

// Any bytes as a touch script (read as UTF-8, as the CLI reads the file).
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    _ = try? TouchScript(parsing: String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
})
