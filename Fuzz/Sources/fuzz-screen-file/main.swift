import CFuzzDriver
import Foundation
import FuzzChecks
import KioskGraphics
import KioskScreenFiles

// Any bytes as a screen file: a file or an error naming file and line with no raw control
// character, never a crash or a hang. The file sits in a folder of its own holding a real
// icon (icon.png), a FIFO (fifo.png) and a directory (dir.png), so the icons and images it
// names are loaded as `kiosk` loads them (the seeds name all three).
enum Fixture {
    static let folder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-fuzz-screen-file-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Canvas(width: 8, height: 8).writePNG(to: folder + "/icon.png")
        } catch {
            fatalError("cannot make \(folder): \(error)")
        }
        guard mkfifo(folder + "/fifo.png", 0o644) == 0, mkdir(folder + "/dir.png", 0o755) == 0 else { fatalError("cannot make \(folder)") }
        atexit { try? FileManager.default.removeItem(atPath: Fixture.folder) }
        return folder
    }()
    static let path = folder + "/fuzz.toml"
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    do {
        _ = try ScreenFile(parsing: Array(UnsafeBufferPointer(start: data, count: size)), path: Fixture.path)
    } catch {
        checkErrorLine("\(error)", file: Fixture.path)
    }
    return 0
})
