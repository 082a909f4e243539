import Foundation
import KioskGraphics
import KioskText
import Testing

@Suite struct BadInputTests {
    @Test func missingFontFile() {
        #expect(throws: TextError.fontFileMissing(path: "/nonexistent/Font.ttf")) {
            try FontLibrary(files: [FontFile(path: "/nonexistent/Font.ttf", family: "X")])
        }
        #expect(throws: TextError.self) { try FontLibrary(directories: ["/nonexistent"]) }
    }

    func badFile(_ bytes: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-bad-\(UUID().uuidString).ttf").path
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func truncatedAndCorruptFontFiles() throws {
        let dejaVu = try Data(contentsOf: URL(fileURLWithPath: try #require(library.registeredFiles.first).path))
        for bytes in [dejaVu.prefix(4000), dejaVu.prefix(12), Data("not a font at all".utf8), Data()] {
            let path = try badFile(Data(bytes))
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                _ = try FontLibrary(files: [FontFile(path: path, family: "Broken")])
                Issue.record("\(bytes.count) bytes of a font were accepted")
            } catch let error {
                guard case .unreadableFont(let at, _) = error else { Issue.record("unexpected \(error)"); continue }
                #expect(at == path)
                #expect(error.description.contains(path))
            }
        }
    }

    @Test func emptyText() throws {
        for text in [RichText(""), RichText(runs: [])] {
            let layout = try library.layout(text, maxWidth: 100)
            #expect(layout.size.width == 0)
            #expect(layout.lines.count == 1)
            #expect(layout.size.height > 0)
            let canvas = try Canvas(width: 10, height: 10)
            layout.draw(on: canvas, at: .zero)
        }
    }

    @Test func invalidUTF8() throws {
        #expect(throws: TextError.invalidUTF8(byteOffset: 3)) { try RichText(utf8: [0x41, 0x42, 0x43, 0xFF, 0x44]) }
        #expect(throws: TextError.invalidUTF8(byteOffset: 1)) { try RichText(utf8: [0x41, 0xE6, 0x8C]) }
        #expect(try RichText(utf8: Array("按钮".utf8)).string == "按钮")
    }

    @Test(arguments: [0, -5, 10_000, .nan, .infinity])
    func unusableSizes(_ size: Double) {
        do {
            _ = try library.layout(RichText("x", style: TextStyle(size: size)))
            Issue.record("size \(size) was accepted")
        } catch {
            guard case .invalidSize = error else { Issue.record("unexpected \(error)"); return }
            #expect(error.description.contains("font size \(size)"))
        }
    }

    @Test func largestSizeWorks() throws {
        let layout = try library.layout(RichText("W", style: TextStyle(size: FontLibrary.maximumSize)))
        #expect(layout.size.width > 500)
    }

    @Test func unknownFamily() {
        #expect(throws: TextError.unknownFamily("Comic Sans")) {
            try library.layout(RichText("x", style: TextStyle(family: "Comic Sans")))
        }
    }
}
