import Foundation
import KioskTOML
import Testing

/// KioskTOML against Python's tomllib: scripts/toml_corpus.py wrote each document of
/// Corpus/documents.jsonl with tomllib's verdict and value tree; the parser must accept and
/// reject the same documents and read the same values.
@Suite struct TOMLDifferentialTests {
    struct Document {
        var name: String
        var bytes: [UInt8]
        var expected: String?
    }

    static func corpus() throws -> [Document] {
        let path = ProcessInfo.processInfo.environment["KIOSK_TOML_CORPUS"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus/documents.jsonl").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let fields = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let base64 = try #require(fields["toml"] as? String)
            return Document(name: try #require(fields["name"] as? String), bytes: [UInt8](try #require(Data(base64Encoded: base64))),
                            expected: fields["expected"] as? String)
        }
    }

    @Test func agreesWithTomllibOnEveryDocument() throws {
        let documents = try Self.corpus()
        #expect(documents.count > 1000)
        #expect(documents.filter { $0.expected != nil }.count > 500, "the corpus has valid documents too")
        var disagreements: [String] = []
        for document in documents {
            let got: String?
            do {
                got = Canonical.render(.table(try TOML.parse(document.bytes)))
            } catch {
                got = nil
            }
            if got != document.expected {
                disagreements.append("\(document.name): tomllib \(document.expected?.prefix(300) ?? "rejects"), KioskTOML \(got?.prefix(300) ?? "rejects")")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(documents.count) disagree:\n\(disagreements.prefix(10).joined(separator: "\n"))")
    }

    @Test func theRendererMatchesPythonsJSON() {
        let table = try? TOML.parse("\"é😀\\u0001\" = 1979-05-27T07:32:00.1234567-00:00\nb = [nan, -0.0, 07:32:00]")
        #expect(table.map { Canonical.render(.table($0)) }
                == #"["t",{"b":["a",[["f","nan"],["f","8000000000000000"],["lt","07:32:00"]]],"\u00e9\ud83d\ude00\u0001":["odt","1979-05-27T07:32:00.123456+00:00"]}]"#)
    }
}

/// The canonical JSON of scripts/toml_corpus.py: Python's `json.dumps(sort_keys=True,
/// ensure_ascii=True, separators=(",", ":"))` of `[type, value]` pairs, dates as
/// `isoformat()` (microseconds), floats as their IEEE bits.
enum Canonical {
    static func render(_ kind: TOMLValue.Kind) -> String {
        switch kind {
        case .string(let s): return pair("s", quote(s))
        case .integer(let n): return pair("i", quote(String(n)))
        case .boolean(let b): return pair("b", b ? "true" : "false")
        case .float(let x):
            let bits = String(x.bitPattern, radix: 16)
            return pair("f", quote(x.isNaN ? "nan" : String(repeating: "0", count: 16 - bits.count) + bits))
        case .dateTime(let d): return dateTime(d)
        case .array(let values): return pair("a", "[" + values.map { render($0.kind) }.joined(separator: ",") + "]")
        case .table(let table):
            let sorted = table.entries.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) { $0.value < $1.value } }
            return pair("t", "{" + sorted.map { quote($0.key) + ":" + render($0.value.kind) }.joined(separator: ",") + "}")
        }
    }

    static func pair(_ type: String, _ value: String) -> String { "[\"\(type)\",\(value)]" }

    static func quote(_ s: String) -> String {
        var out = "\""
        for unit in s.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out + "\""
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func dateTime(_ d: TOMLDateTime) -> String {
        var parts: [String] = []
        if let date = d.date {
            let year = String(date.year)
            parts.append(String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(date.month) + "-" + two(date.day))
        }
        if let time = d.time {
            var text = two(time.hour) + ":" + two(time.minute) + ":" + two(time.second)
            let micro = time.nanosecond / 1000
            if micro > 0 {
                let digits = String(micro)
                text += "." + String(repeating: "0", count: 6 - digits.count) + digits
            }
            parts.append(text)
        }
        var text = parts.joined(separator: "T")
        if let offset = d.offsetMinutes {
            text += (offset < 0 ? "-" : "+") + two(abs(offset) / 60) + ":" + two(abs(offset) % 60)
        }
        let type = d.date == nil ? "lt" : d.time == nil ? "ld" : d.offsetMinutes == nil ? "ldt" : "odt"
        return pair(type, quote(text))
    }
}
