import Foundation
import KioskCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Reading only regular files of a bounded size, replacing only regular files, and the
/// escaping of text echoed in errors. (That nothing blocks on a FIFO is tested through the
/// `kiosk` binary with a timeout, in KioskRuntimeTests' UntrustedFileTests.)
@Suite struct FilesTests {
    func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func readsRegularFilesUpToTheLimit() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "12345".write(toFile: dir + "/five", atomically: true, encoding: .utf8)
        #expect(try InputFile.read(dir + "/five", limit: 5) == Array("12345".utf8))
        #expect(throws: FileError(path: dir + "/five", reason: "is larger than 4 bytes, the most this file may have")) {
            try InputFile.read(dir + "/five", limit: 4)
        }
        #expect(throws: FileError(path: dir + "/none", reason: "no such file")) { try InputFile.read(dir + "/none", limit: 5) }
        #expect(throws: FileError(path: dir, reason: "is a directory")) { try InputFile.read(dir, limit: 5) }
        #expect(throws: FileError(path: "/dev/zero", reason: "is a character device, not a regular file")) {
            try InputFile.read("/dev/zero", limit: 5)
        }
    }

    @Test func replacesRegularFilesAndLinksToThemOnly() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try OutputFile.replace(dir + "/new", with: [1, 2])
        try OutputFile.replace(dir + "/new", with: [3])
        #expect(FileManager.default.contents(atPath: dir + "/new") == Data([3]))
        // A link to a file or to nothing is replaced by the file, never followed.
        #expect(symlink(dir + "/new", dir + "/link") == 0)
        #expect(symlink(dir + "/nowhere", dir + "/dangling") == 0)
        try OutputFile.replace(dir + "/link", with: [4])
        try OutputFile.replace(dir + "/dangling", with: [5])
        #expect(FileManager.default.contents(atPath: dir + "/new") == Data([3]))
        #expect(!FileManager.default.fileExists(atPath: dir + "/nowhere"))
        #expect(FileManager.default.contents(atPath: dir + "/dangling") == Data([5]))
        #expect(symlink("/dev/null", dir + "/null") == 0)
        #expect(throws: FileError(path: dir + "/null", reason: "is a symbolic link to a character device, not to a regular file; nothing was written")) {
            try OutputFile.replace(dir + "/null", with: [6])
        }
        #expect(throws: FileError(path: dir, reason: "is a directory, not a regular file; nothing was written")) {
            try OutputFile.replace(dir, with: [6])
        }
        #expect(throws: FileError(path: dir + "/missing/file", reason: "No such file or directory")) {
            try OutputFile.replace(dir + "/missing/file", with: [6])
        }
        let fd = try OutputFile.create(dir + "/new", permissions: 0o600)
        #expect(write(fd, "ab", 2) == 2)
        close(fd)
        #expect(FileManager.default.contents(atPath: dir + "/new") == Data("ab".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["dangling", "link", "new", "null"])
    }

    @Test func echoedTextIsEscapedAndCut() {
        #expect(ErrorText.quoted("a\n\u{1B}[2J\t\"\\\u{9B}\u{202E}") == #""a\n\u{1B}[2J\t\"\\\u{9B}\u{202E}""#)
        #expect(ErrorText.quoted(String(repeating: "é", count: 81)) == "\"" + String(repeating: "é", count: 80) + "…\"")
        #expect(ErrorText.escaped("say \"hi\"\r\n") == #"say "hi"\r\n"#)
        #expect(ErrorText.escaped("abc", limit: 2) == "ab…")
    }
}
