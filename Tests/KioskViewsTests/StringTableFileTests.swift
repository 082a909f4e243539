import Dispatch
import Foundation
import KioskViews
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// String tables read from a folder (`StringCatalog.load(directory:)`): only regular files.
@Suite("String table files")
struct StringTableFileTests {
    @Test("A FIFO named like a string catalog is an error naming it, not a start-up that waits for a writer")
    func fifoIsRefused() throws {
        let directory = NSTemporaryDirectory() + "kiosk-strings-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/Localizable.xcstrings", 0o644) == 0)
        // Loaded on a thread of its own, so that a read that blocks fails the test at the
        // deadline instead of hanging it.
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                try StringCatalog().load(directory: directory)
                outcome.set("loaded")
            } catch {
                outcome.set("\(error)")
            }
            done.signal()
        }
        try #require(done.wait(timeout: .now() + 30) == .success, "loading a FIFO blocked")
        #expect(outcome.value == directory + "/Localizable.xcstrings: is a FIFO, not a regular file", "\(outcome.value)")
    }
}

/// What the loading thread found.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func set(_ value: String) { lock.withLock { text = value } }
    var value: String { lock.withLock { text } }
}
