import Foundation
import KioskGraphics
import Testing

/// `APP previews`, run as a product team runs it on the test app (Tests/AsyncKiosk), whose
/// previews are in AsyncKioskPreviews.swift: every preview found at run time, drawn to
/// `<name>.png` at the size its layout gives, and the one that crashes named in the error.
@Suite("A kiosk's previews") struct PreviewsCommandTests {
    /// The unnamed `#Preview`'s name: its file and line.
    static let unnamed: String = {
        let source = (try? String(contentsOfFile: repositoryRoot + "/Tests/AsyncKiosk/AsyncKioskPreviews.swift", encoding: .utf8)) ?? ""
        let line = source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "#Preview {").map { $0 + 1 }
        return "AsyncKioskPreviews-\(line ?? 0)"
    }()

    static let names = ["AsyncKioskPreviews", "Badge", "Crash", "RowPreviews-1", "RowPreviews-2", "Start", "Tile", "Upright"]
        .map { $0 == "AsyncKioskPreviews" ? unnamed : $0 }.sorted()

    /// Runs `async-kiosk ARGUMENTS`; a crashing preview prints no backtrace, which takes seconds.
    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try KioskProcess.run(arguments, executable: KioskProcess.asyncKioskPath, environment: ["SWIFT_BACKTRACE": "enable=no"],
                             timeout: 300)
    }

    @Test("--list names every preview compiled into the executable, #Preview and PreviewProvider alike")
    func listNamesEveryPreviewOfTheExecutable() throws {
        let result = try run(["previews", "--list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == Self.names)
    }

    @Test("Every preview is drawn at the size its layout gives; the one that crashes is named and the exit status is 1")
    func everyPreviewIsDrawnAndTheCrashIsNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("previews-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(["previews", "--out", directory])

        #expect(result.status == 1)
        #expect(result.stderr.contains("1 of 8 previews failed: Crash (crashed, signal"), "\(result.stderr)")
        #expect(result.stderr.contains("CrashingView has no body to show"), "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == Self.names.filter { $0 != "Crash" }.map { $0 + ".png" })

        func image(_ name: String) throws -> Canvas { try Canvas(pngFile: "\(directory)/\(name).png") }
        let sizes = try ["Start", "Tile", "Upright", "RowPreviews-1", Self.unnamed].map { name in
            let canvas = try image(name)
            return "\(name) \(canvas.width)x\(canvas.height)"
        }
        #expect(sizes == ["Start 1280x800", "Tile 300x200", "Upright 800x1280", "RowPreviews-1 1280x800", "\(Self.unnamed) 1280x800"])
        // Fitted to the badge: smaller than the panel, and the badge's green fills it.
        let badge = try image("Badge")
        #expect(badge.width > 50 && badge.width < 400 && badge.height > 30 && badge.height < 200, "\(badge.width)x\(badge.height)")
        let two = try image("RowPreviews-2")
        #expect(two.width < 400 && two.height < 200, "a previewLayout(.sizeThatFits) is \(two.width)x\(two.height)")
        #expect(badge.argb(x: 2, y: 2) == badge.argb(x: badge.width - 3, y: badge.height - 3))
        #expect(badge.argb(x: 2, y: 2) != 0xFFF2_F2F7, "the screen's background shows: the badge does not fill its preview")
    }

    @Test("--only draws one preview; an unknown name is refused")
    func onlyDrawsOnePreview() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("previews-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(["previews", "--out", directory, "--only", "Tile", "--size", "640x480"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["Tile.png"])
        let missing = try run(["previews", "--out", directory, "--only", "Nothing"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no preview is named \"Nothing\""), "\(missing.stderr)")
    }
}
