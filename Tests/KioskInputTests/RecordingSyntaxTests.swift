import KioskInput
import Testing

/// What the YAML reader says about a recording that is not YAML: the line an editor shows
/// (lines end at "\n" only; the end of the text is on its last line), and nesting that would
/// make libyaml's scanner take minutes refused at once.
@Suite struct RecordingSyntaxTests {
    func error(_ text: String) -> RecordingError? {
        do {
            _ = try LibInputRecording(parsing: text, file: "r.yml")
            return nil
        } catch {
            return error as? RecordingError
        }
    }

    @Test func deepFlowNestingIsRefusedAtItsLine() {
        let unclosed = error("version: 1\ndevices: " + String(repeating: "[", count: 200_000))
        #expect(unclosed?.line == 2)
        #expect(unclosed?.message == "not valid here: [ and { nest deeper than 64")
        let deepest = "version: 1\ndevices: " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "\n"
        #expect(error(deepest)?.message.contains("nest deeper") == false)
        #expect(error("a: " + String(repeating: "{b: ", count: 65) + "1" + String(repeating: "}", count: 65))?.message.contains("nest deeper") == true)
    }

    @Test func anUnclosedCollectionNamesTheLineItOpenedOn() {
        let text = "version: 1\ndevices:\n- evdev: [1, 2\n\n\n"
        let problem = error(text)
        #expect(problem?.line == 5)
        #expect(problem?.message == "not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence from line 3)")
        #expect(error("version: 1\nname: \"abc\n")?.line == 2)
        #expect(error("version: 1\nname: [")?.line == 2)
    }

    @Test func linesAreCountedByLineFeeds() {
        // NEL (U+0085) and a lone CR end lines for libyaml, not for an editor.
        let problem = error("version: 1\nname: \"a\u{85}b\r c\"\nx: [1\n")
        #expect(problem?.line == 3)
        #expect(error("version: 1\nname: x\nversion: 2\n")?.line == 3)
        #expect(error("version: 1\nname: x\nversion: 2\n")?.message == "duplicated key \"version\"")
    }
}
