import CFuzzDriver
import Foundation
import KioskInput

// Any bytes as a `libinput record` recording: a recording or an error, never a crash. The
// event limit is lowered so an input of YAML aliases cannot spend the run on one file.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? LibInputRecording(parsing: text, file: "fuzz.yml", eventLimit: 10_000)
    return 0
})
