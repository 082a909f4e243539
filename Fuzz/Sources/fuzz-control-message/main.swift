import CFuzzDriver
import Foundation
import KioskControl

// Any bytes as one control-socket line: a request or an error, never a crash.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    _ = try? ControlRequest(line: UnsafeBufferPointer(start: data, count: size))
    return 0
})
