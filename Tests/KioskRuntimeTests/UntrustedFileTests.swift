import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files a kiosk is pointed at are not always what they are named: a FIFO, a device, a
/// directory or a crafted file. The `kiosk` binary must finish with one error line naming
/// them, never block, replace a device or echo control characters.
@Suite("kiosk with FIFOs, devices and crafted files")
struct UntrustedFileTests {
    /// Long enough for a loaded machine, short enough to notice: a kiosk blocked on a FIFO
    /// is killed then and the test fails.
    static let timeout = 60.0

    /// A fresh directory with a FIFO (`fifo.png`), a directory (`dir.png`) and `files`.
    func directory(_ files: [String: String] = [:]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-untrusted-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(mkfifo(directory + "/fifo.png", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: directory + "/dir.png", withIntermediateDirectories: false)
        for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
        return directory
    }

    func run(_ arguments: [String], in directory: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try KioskProcess.run(arguments, in: directory, timeout: Self.timeout)
    }

    static let button = "[[screens]]\nid = \"main\"\n[[screens.buttons]]\nid = \"a\"\ntitle = \"A\"\n"

    @Test("A FIFO or a directory as an icon or image is one error naming file, line, key and what it is")
    func fifoIcons() throws {
        let dir = try directory([
            "icon.toml": Self.button + "icon = \"fifo.png\"\n",
            "image.toml": "[[screens]]\nid = \"main\"\n[[screens.items]]\nkind = \"image\"\npath = \"fifo.png\"\n",
            "folder.toml": Self.button + "icon = \"dir.png\"\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let icon = try run(["snapshot", "icon.toml", "--out", "out.png"], in: dir)
        #expect(icon.status == 1)
        #expect(icon.stderr == "kiosk: icon.toml:6: key \"screens[0].buttons[0].icon\": unreadable icon fifo.png: is a FIFO, not a regular file\n")
        let image = try run(["snapshot", "image.toml", "--out", "out.png"], in: dir)
        #expect(image.status == 1)
        #expect(image.stderr == "kiosk: image.toml:5: key \"screens[0].items[0].path\": unreadable image fifo.png: is a FIFO, not a regular file\n")
        let folder = try run(["snapshot", "folder.toml", "--out", "out.png"], in: dir)
        #expect(folder.stderr == "kiosk: folder.toml:6: key \"screens[0].buttons[0].icon\": unreadable icon dir.png: is a directory\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test("A FIFO as the screen file, touch script, recording or board profile is refused, not waited on")
    func fifoInputs() throws {
        let dir = try directory(["screen.toml": Self.button, "tap.touch": "0 down 0 10 10\n10 up 0\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["screen.fifo", "script.fifo", "recording.fifo", "board.fifo"] { #expect(mkfifo(dir + "/" + name, 0o644) == 0) }
        let cases: [([String], String)] = [
            (["snapshot", "screen.fifo", "--out", "out.png"], "kiosk: screen.fifo: is a FIFO, not a regular file\n"),
            (["simulate", "screen.toml", "--touches", "script.fifo"], "kiosk: script.fifo: is a FIFO, not a regular file\n"),
            (["replay", "--dry-run", "recording.fifo"], "kiosk: recording.fifo: is a FIFO, not a regular file\n"),
            (["run", "screen.toml", "--display", "headless", "--touch-script", "tap.touch", "--board", "./board.fifo", "--no-control"],
             "kiosk: ./board.fifo:1: cannot read the board profile: is a FIFO, not a regular file\n"),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments, in: dir)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
    }

    @Test("snapshot --out replaces a regular file and nothing else: a FIFO, a directory, a device or a link to one is an error naming it")
    func outputs() throws {
        let dir = try directory(["screen.toml": Self.button, "end.touch": "10 end\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(symlink("fifo.png", dir + "/link.png") == 0)
        var refused = ["fifo.png": "is a FIFO, not a regular file", "dir.png": "is a directory, not a regular file",
                       "link.png": "is a symbolic link to a FIFO, not to a regular file"]
        // /dev/full's own device numbers (1, 7; makedev is a C macro), made here: as root a rename would replace the node.
        if geteuid() == 0, mknod(dir + "/full", S_IFCHR | 0o644, dev_t(1 << 8 | 7)) == 0 {
            refused["full"] = "is a character device, not a regular file"
        }
        for (name, reason) in refused {
            let result = try run(["snapshot", "screen.toml", "--out", name], in: dir)
            #expect(result.status == 1, "\(name)")
            #expect(result.stderr == "kiosk: PNG \(name): \(reason); nothing was written\n")
        }
        var status = stat()
        #expect(lstat(dir + "/fifo.png", &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat(dir + "/link.png", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        if refused["full"] != nil { #expect(lstat(dir + "/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR) }

        try "old".write(toFile: dir + "/old.png", atomically: true, encoding: .utf8)
        let replaced = try run(["snapshot", "screen.toml", "--out", "old.png"], in: dir)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/old.png")?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        let frames = try run(["simulate", "screen.toml", "--touches", "end.touch", "--frames", "dir.png"], in: dir)
        #expect(frames.status == 0, "\(frames.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".partial") } == [])
    }

    @Test("Keys and values echoed in errors come out escaped and cut: one line, no terminal escape")
    func escapedErrors() throws {
        let escape = "\\u001b]0;owned\\u0007\\u001b[2J\\nkiosk: all fine"
        let dir = try directory([
            "key.toml": "\"\(escape)\" = 1\n" + Self.button,
            "value.toml": Self.button + "style = \"\(escape)\"\n",
            "long.toml": Self.button + "goto = \"" + String(repeating: "x", count: 100_000) + "\"\n",
            "recording.yml": "version: \"\\e[2J\"\ndevices: []\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (arguments, expected) in [
            (["snapshot", "key.toml", "--out", "o.png"], #"kiosk: key.toml:1: key "\u{1B}]0;owned\u{7}\u{1B}[2J\nkiosk: all fine": unknown key"#),
            (["snapshot", "value.toml", "--out", "o.png"], #"kiosk: value.toml:6: key "screens[0].buttons[0].style": "\u{1B}]0;owned\u{7}\u{1B}[2J\nkiosk: all fine" is not one of"#),
            (["snapshot", "long.toml", "--out", "o.png"], "kiosk: long.toml:6: key \"screens[0].buttons[0].goto\": dangling goto: no screen has the id \"" + String(repeating: "x", count: 80) + "…\"\n"),
            (["replay", "--dry-run", "recording.yml"], #"kiosk: recording.yml:1: version: expected 1 (libinput record's format), not '\u{1B}[2J'"#),
        ] {
            let result = try run(arguments, in: dir)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
    }

    @Test("Past the documented limits a screen file is one error at load time naming its line")
    func limits() throws {
        let options = (0...64).map { "\"o\($0)\"" }.joined(separator: ", ")
        let runs = String(repeating: "{ text = \"x\" }, ", count: 257)
        let grid = "[[screens]]\nid = \"main\"\n" + (0...1000).map { "[[screens.buttons]]\nid = \"b\($0)\"\ntitle = \"B\"\n" }.joined()
        let dir = try directory([
            "display.toml": "[display]\nwidth = 8192\nheight = 8192\n" + Self.button,
            "wide.toml": "[display]\nwidth = 16384\nheight = 800\n" + Self.button,
            "options.toml": "[[screens]]\nid = \"main\"\n[[screens.items]]\nkind = \"picker\"\nid = \"p\"\noptions = [\(options)]\n",
            "runs.toml": Self.button.replacingOccurrences(of: "title = \"A\"", with: "title = [\(runs)]"),
            "text.toml": Self.button.replacingOccurrences(of: "\"A\"", with: "\"" + String(repeating: "A", count: 16_385) + "\""),
            "grid.toml": grid,
            "screens.toml": (0...1000).map { "[[screens]]\nid = \"s\($0)\"\n" }.joined(),
            "big.toml": String(repeating: "#" + String(repeating: " ", count: 1023) + "\n", count: 8 * 1024 + 1),
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (file, message) in [
            ("display.toml", "display.toml:3: key \"display.height\": 8192x8192 has more pixels than 7680x4320 (33177600), the most taken"),
            ("wide.toml", "wide.toml:2: key \"display.width\": 16384 is out of range 1...8192"),
            ("options.toml", "options.toml:6: key \"screens[0].items[0].options\": more than 64 options"),
            ("runs.toml", "runs.toml:5: key \"screens[0].buttons[0].title\": more than 256 runs"),
            ("text.toml", "text.toml:5: key \"screens[0].buttons[0].title\": longer than 16384 bytes"),
            ("grid.toml", "grid.toml:3003: key \"screens[0].buttons[1000]\": more than 1000 buttons or items on one screen outside its lists"),
            ("screens.toml", "screens.toml:1: key \"screens\": more than 1000 screens"),
            ("big.toml", "big.toml:1: cannot read the file: is larger than 8388608 bytes, the most this file may have"),
        ] {
            let result = try run(["snapshot", file, "--out", "o.png"], in: dir)
            #expect(result.status == 1, "\(file)")
            #expect(result.stderr == "kiosk: \(message)\n")
        }
        let size = try run(["snapshot", "display.toml", "--size", "16384x16384", "--out", "o.png"], in: dir)
        #expect(size.status == 64)
        #expect(size.stderr.hasPrefix("kiosk: The value '16384x16384' is invalid for '--size <size>'\n"))
    }
}
