import KioskGestures
import Testing

/// A touch script written on Windows (CRLF) plays the same as one with LF, and its errors
/// name the same lines. Swift reads "\r\n" as one Character, which splitting on "\n" misses.
@Suite struct TouchScriptLineEndTests {
    static let lf = "# tap\n0 down 0 10 20\n100 up 0\n500 end\n"

    @Test func crlfScriptsPlayTheSameEvents() throws {
        let crlf = try TouchScript(parsing: Self.lf.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"))
        #expect(crlf == (try TouchScript(parsing: Self.lf)))
        #expect(crlf.frames.count == 2)
        #expect(crlf.endTime == 500_000)
    }

    @Test func crlfErrorsNameTheirLine() {
        #expect {
            try TouchScript(parsing: "0 down 0 10 20\r\n100 up 0\r\n50 down 1 1 1\r\n")
        } throws: { error in
            (error as? TouchScriptError)?.line == 3
        }
    }
}
