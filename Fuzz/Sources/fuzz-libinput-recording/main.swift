import CFuzzDriver
import Foundation
import FuzzChecks
import KioskInput

// Any bytes as a `libinput record` recording: a recording or an error naming the file (and
// its line where the text has one) with no raw control character, never a crash. The event
// limit is lowered so an input of YAML aliases cannot spend the run on one file.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        _ = try LibInputRecording(parsing: text, file: "fuzz.yml", eventLimit: 10_000)
    } catch {
        checkErrorLine("\(error)", file: "fuzz.yml", needsLine: false)
    }
    return 0
})
