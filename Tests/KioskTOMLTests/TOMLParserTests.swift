import KioskTOML
import Testing

@Suite struct TOMLParserTests {
    func failure(_ text: String) -> TOMLError? {
        do {
            _ = try TOML.parse(text)
            return nil
        } catch {
            return error
        }
    }

    func failure(bytes: [UInt8]) -> TOMLError? {
        do {
            _ = try TOML.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("Inputs that aborted the process under toml++ are errors with a line",
          arguments: [([0x5B, 0xC3, 0xA9, 0x5D, 0x0A], 1), (Array("a = [}".utf8), 1), (Array("a = 1979-05-27T:".utf8), 1),
                      (Array("x = 1\ncalibration = [1, 0, 0, 0, 1, }\n".utf8), 2)])
    func formerAborts(bytes: [UInt8], line: Int) {
        #expect(failure(bytes: bytes)?.line == line)
    }

    @Test func aNulByteIsAnErrorOnItsLine() {
        #expect(failure(bytes: Array("mode = \"800x480\"\n".utf8) + [0] + Array("\nrotation = 45\n".utf8))?.line == 2)
        #expect(failure(bytes: Array("a = \"x".utf8) + [0] + Array("\"".utf8))?.message.contains("NUL") == true)
    }

    @Test func invalidUTF8IsAnErrorOnItsLine() {
        #expect(failure(bytes: Array("a = 1\nb = \"".utf8) + [0xFF] + Array("\"\n".utf8))?.line == 2)
        #expect(failure(bytes: Array("# x\n\n# ".utf8) + [0xED, 0xA0, 0x80])?.line == 3, "a surrogate")
        #expect(failure(bytes: Array("a = '".utf8) + [0xC0, 0xAF] + Array("'".utf8)) != nil, "an overlong form")
    }

    @Test func everyKeyKeepsItsLineAndColumn() throws {
        let table = try TOML.parse("""
            # header comment
            [[screens]]
            id = "main"

            [[screens.buttons]]
              label.text = "x"
            [displays]
            width = 1
            """)
        let screen = try #require(table["screens"]?.array?.first?.table)
        #expect(screen.position == TOMLPosition(line: 2, column: 1))
        let button = try #require(screen["buttons"]?.array?.first?.table)
        #expect(button.entry("label")?.keyPosition == TOMLPosition(line: 6, column: 3))
        #expect(button["label"]?.table?.entry("text")?.keyPosition == TOMLPosition(line: 6, column: 9))
        #expect(button["label"]?.table?["text"]?.position == TOMLPosition(line: 6, column: 16))
        #expect(table.entry("displays")?.keyPosition.line == 7)
        #expect(table.keys == ["screens", "displays"])
    }

    @Test func crlfLinesCountLikeLF() throws {
        let table = try TOML.parse("a = 1\r\nb = \"\"\"\r\nx\r\ny\"\"\"\r\n\r\nc = [\r\n 1,\r\n]\r\n")
        #expect(table.entry("c")?.keyPosition.line == 6)
        #expect(table["b"]?.string == "x\ny")
        #expect(failure("a = 1\r\nb = = 2\r\n")?.line == 2)
        #expect(failure("a = 1\rb = 2") != nil, "a lone CR is not a line end")
    }

    @Test func aByteOrderMarkReadsAsWithoutOne() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let table = try TOML.parse(bom + Array("a = 1\n  b = \"x\"\n".utf8))
        #expect(table["a"]?.integer == 1)
        #expect(table.entry("a")?.keyPosition == TOMLPosition(line: 1, column: 1))
        #expect(table.entry("b")?.keyPosition == TOMLPosition(line: 2, column: 3))
        let error = failure(bytes: bom + Array("a = 1\nb = = 2\n".utf8))
        #expect(error?.position == TOMLPosition(line: 2, column: 5))
        #expect(failure(bytes: bom + Array("c = 3 x".utf8))?.position.column == 7, "columns on the first line skip the mark")
        #expect(failure(bytes: Array("a = 1\n".utf8) + bom) != nil, "a mark later in the text is not one")
    }

    @Test func stringsAndIntegers() throws {
        let table = try TOML.parse(#"""
            s = "tab\there \u00e9 \U0001F600"
            l = 'C:\path'
            m = """
            one \
              two"""
            i = [0xff, 0o17, 0b101, -9_223_372_036_854_775_808, +42]
            """#)
        #expect(table["s"]?.string == "tab\there é 😀")
        #expect(table["l"]?.string == #"C:\path"#)
        #expect(table["m"]?.string == "one two")
        #expect(table["i"]?.array?.compactMap(\.integer) == [255, 15, 5, Int.min, 42])
        #expect(failure("i = 0x_ff")?.line == 1)
    }

    @Test func floatsBooleansDates() throws {
        let table = try TOML.parse("""
            f = [1.5, -0.0, 1e3, 6.02_2E23, inf, -inf]
            b = [true, false]
            d = [1979-05-27T07:32:00Z, 1979-05-27 07:32:00.999999-07:30, 1979-05-27, 07:32:00]
            t = { x.y = 1, z = [] }
            """)
        #expect(table["f"]?.array?.compactMap(\.float) == [1.5, -0.0, 1000, 6.022e23, .infinity, -.infinity])
        #expect(table["b"]?.array?.compactMap(\.bool) == [true, false])
        let dates = try #require(table["d"]?.array)
        guard case .dateTime(let offset) = dates[1].kind else { Issue.record("not a date-time"); return }
        #expect(offset.offsetMinutes == -450 && offset.time?.nanosecond == 999_999_000)
        #expect(table["t"]?.table?["x"]?.table?["y"]?.integer == 1)
    }

    @Test("Definitions TOML forbids", arguments: [
        "a = 1\na = 2", "[a]\n[a]", "a.b = 1\n[a]", "a.b.c = 1\n[a.b]", "a = {}\n[a]", "a = []\n[[a]]",
        "[a.b]\n[a]\nb.c = 1", "t = {a = 1, a = 2}", "t = {a = {b = 1}, a.c = 2}", "a = 9223372036854775808",
        "d = 2023-02-29", "d = 0000-01-01", "s = \"\\x\"", "[[a]]\n[a]", "x = 1.", "x = 01", "k = \"a\nb\"", "t = {a = 1,}",
    ])
    func forbidden(_ text: String) {
        #expect(failure(text) != nil)
    }

    @Test("Definitions TOML allows", arguments: [
        "[a.b]\n[a]", "[fruit]\napple.color = 1\n[fruit.apple.texture]\nsmooth = true", "[[a]]\nb.c = 1\n[[a]]\nb.c = 2",
        "[a.b.c]\n[a]\nb.d = 1", "d = 2024-02-29", "s = \"\"\"\"\"quoted\"\"\"\"\"",
    ])
    func allowed(_ text: String) {
        #expect(failure(text) == nil)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        #expect(failure("a = " + String(repeating: "[", count: 100_000))?.message.contains("nest") == true)
        // Dotted keys and headers nest tables too: reading and freeing them is recursive.
        let dotted = String(repeating: "a.", count: 100_000) + "a"
        #expect(failure(dotted + " = 1")?.message.contains("nest deeper than 100") == true)
        #expect(failure("[" + dotted + "]")?.message.contains("nest deeper than 100") == true)
        #expect(failure("[[" + dotted + "]]")?.message.contains("nest deeper than 100") == true)
        let inline = String(repeating: "{" + String(repeating: "b.", count: 60) + "b = ", count: 60) + "1" + String(repeating: "}", count: 60)
        #expect(failure("a = " + inline)?.message.contains("nest deeper than 100") == true)
        #expect(failure(String(repeating: "a.", count: 99) + "a = 1") == nil)
    }

    @Test func tablesOfAnArrayKeepTheirOrderAndLines() throws {
        let table = try TOML.parse((0..<1000).map { "[[b]]\nid = \($0)\n" }.joined())
        let tables = try #require(table["b"]?.array)
        #expect(tables.map { $0.table?["id"]?.integer } == (0..<1000).map { $0 })
        #expect(tables.map(\.position.line) == (0..<1000).map { $0 * 2 + 1 })
    }
}
