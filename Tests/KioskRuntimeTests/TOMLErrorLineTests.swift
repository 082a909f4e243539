import Foundation
import KioskBoardProfiles
import KioskRuntime
import KioskScreenFiles
import Testing

/// Screen files and board profiles name the exact line of a bad key, and no bytes abort.
@MainActor
@Suite struct TOMLErrorLineTests {
    func screenError(_ bytes: [UInt8]) -> String {
        do {
            _ = try ScreenFile(parsing: bytes, path: "x.toml")
            return "loaded"
        } catch {
            return error.description
        }
    }

    func screenError(_ text: String) -> String { screenError(Array(text.utf8)) }

    func profileError(_ bytes: [UInt8]) -> String {
        do {
            _ = try BoardProfile(parsing: bytes, path: "p.toml")
            return "loaded"
        } catch {
            return error.description
        }
    }

    static let screen = """
        [display]
        width = 800

        [[screens]]
        id = "main"

        [[screens.buttons]]
        id = "go"
        label.text = "x"
        title = "Go"
        """

    @Test func aDottedKeyIsReportedOnItsOwnLine() {
        #expect(screenError(Self.screen) == "x.toml:9: key \"screens[0].buttons[0].label\": unknown key (known keys: id, title, role, style, size, shape, corner_radius, icon, repeat, long_press, disabled, goto, exec, line_limit, minimum_scale, truncation, language, a11y_label, a11y_hint, text_size, contrast, fill, align, min_width, min_height, confirm)")
    }

    @Test func aMistypedHeaderIsReportedOnItsLine() {
        #expect(screenError("[[screens]]\nid = \"a\"\ntitle = 1\n[displays]\nwidth = 1\n").hasPrefix("x.toml:4: key \"displays\": unknown key"))
    }

    @Test("Inputs that aborted the kiosk are errors with their line", arguments: [
        ([0x5B, 0xC3, 0xA9, 0x5D, 0x0A], 1), (Array("[[screens]]\na = [}".utf8), 2), (Array("\n\na = 1979-05-27T:".utf8), 3),
    ])
    func formerAborts(bytes: [UInt8], line: Int) {
        #expect(screenError(bytes).hasPrefix("x.toml:\(line): TOML syntax"))
        #expect(profileError(bytes).hasPrefix("p.toml:\(line): TOML syntax"))
    }

    @Test func textAfterANulIsNotIgnored() {
        let bytes = Array("mode = \"800x480\"\n".utf8) + [0] + Array("\nrotation = 45\n".utf8)
        #expect(profileError(bytes).hasPrefix("p.toml:2: TOML syntax: NUL byte"))
        #expect(profileError(Array("calibration = [1, 0, 0, 0, 1, }\n".utf8)).hasPrefix("p.toml:1: TOML syntax"))
    }

    @Test func invalidUTF8NamesItsLine() {
        #expect(screenError(Array("[[screens]]\nid = \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)).hasPrefix("x.toml:2: TOML syntax: invalid UTF-8"))
    }

    @Test func crlfScreenFileErrorsNameTheirLine() {
        let crlf = Self.screen.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(screenError(crlf).hasPrefix("x.toml:9: key \"screens[0].buttons[0].label\""))
        #expect(screenError("[[screens]]\r\nid = \"a\"\r\ncolumns = \"2\"\r\n") == "x.toml:3: key \"screens[0].columns\": expected an integer, got a string")
    }
}
