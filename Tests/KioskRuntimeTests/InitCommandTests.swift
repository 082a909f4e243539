import Foundation
import Testing

/// `kiosk init`, run as a user runs it: the package it writes is the template folder's whole
/// content under the product's name, and it never writes over anything.
@Suite("kiosk init writes the product template")
struct InitCommandTests {
    let template = repositoryRoot + "/Templates/CoffeeKiosk"

    /// A fresh temporary directory to run in.
    func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-init-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The regular files under `root`, relative to it; a build folder is no part of a package.
    func files(under root: String) throws -> Set<String> {
        var files: Set<String> = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if path == ".build" || path.hasPrefix(".build/") { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files.insert(path)
            }
        }
        return files
    }

    @Test("The package is the template with its name and KioskUI URL replaced, images unchanged")
    func writesTheTemplate() throws {
        let here = try directory()
        defer { try? FileManager.default.removeItem(atPath: here) }
        let ran = try KioskProcess.run(["init", "JuiceKiosk", "--kioskui", "https://git.example.org/KioskUI.git"], in: here)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.contains("swift run JuiceKiosk --help"))
        let written = try files(under: here + "/JuiceKiosk")
        let expected = Set(try files(under: template).map { $0.replacing("CoffeeKiosk", with: "JuiceKiosk") })
        #expect(written == expected)
        let manifest = try String(contentsOfFile: here + "/JuiceKiosk/Package.swift", encoding: .utf8)
        #expect(manifest.contains("name: \"JuiceKiosk\""))
        #expect(manifest.contains(".package(url: \"https://git.example.org/KioskUI.git\""))
        #expect(!manifest.contains("CoffeeKiosk") && !manifest.contains("git.example.com"))
        let app = try String(contentsOfFile: here + "/JuiceKiosk/Sources/JuiceKiosk/JuiceKiosk.swift", encoding: .utf8)
        #expect(app.contains("struct CoffeeApp: App"))
        let image = "Tests/CoffeeScreensTests/References/order-empty.png"
        #expect(FileManager.default.contents(atPath: here + "/JuiceKiosk/" + image) == FileManager.default.contents(atPath: template + "/" + image))
    }

    @Test("An existing folder is left alone and a name that is no Swift identifier is refused, each with one line")
    func refusesBadInput() throws {
        let here = try directory()
        defer { try? FileManager.default.removeItem(atPath: here) }
        try FileManager.default.createDirectory(atPath: here + "/Taken", withIntermediateDirectories: false)
        try "mine".write(toFile: here + "/Taken/notes.txt", atomically: true, encoding: .utf8)
        let taken = try KioskProcess.run(["init", "Taken"], in: here)
        #expect(taken.status == 1)
        #expect(taken.stderr == "kiosk: Taken: already exists; init writes a new folder only\n")
        #expect(try files(under: here + "/Taken") == ["notes.txt"])
        let badName = try KioskProcess.run(["init", "9-lives"], in: here)
        #expect(badName.status == 64)
        #expect(badName.stderr.hasPrefix("kiosk: \"9-lives\" is not a Swift identifier"))
        #expect(!FileManager.default.fileExists(atPath: here + "/9-lives"))
    }
}
