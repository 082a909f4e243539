import FoundationEssentials
import Glibc
import KioskCore
import KioskScreenFiles
import KioskViews

/// One request on the control socket: a JSON object on one line with a `cmd` key
/// (the wire format of issue 8, relied on by tests outside the project).
public enum ControlRequest: Equatable, Codable {
    /// `{"cmd":"set","button":"tap","title":"Hi"}`; any of title (a string or runs),
    /// disabled, hidden.
    case set(button: String, title: [ScreenFile.TitleRun]?, disabled: Bool?, hidden: Bool?)
    /// `{"cmd":"set","control":"volume","value":0.4}`: a toggle's, slider's, stepper's,
    /// picker's, text field's or progress view's value (a boolean, number or string).
    case setValue(control: String, value: UIEvent.Value)
    /// `{"cmd":"get","control":"volume"}`: a control's value.
    case get(control: String)
    case screen(String)
    /// `{"cmd":"language","language":"ar"}`: every screen in that language.
    case language(String)
    case snapshot(path: String)
    case subscribe
    case stats
    /// `{"cmd":"tree"}`: the shown screen's accessibility elements in reading order.
    case tree
    /// `{"cmd":"activate","id":"start"}` or `"label":"Start"`: the element's default action.
    case activate(AccessibilityTarget)
    /// `{"cmd":"accessibility","text_size":"accessibility3","contrast":"increased"}`: the
    /// kiosk's text size and contrast; each key is optional, at least one is given.
    case accessibility(AccessibilityChange)

    /// Which element `activate` means.
    public enum AccessibilityTarget: Equatable {
        case id(String)
        case label(String)
    }

    private static let keys: [String: [String]] = [
        "set": ["button", "title", "disabled", "hidden", "control", "value"], "get": ["control"], "screen": ["screen"], "language": ["language"], "snapshot": ["path"],
        "subscribe": [], "stats": [], "tree": [], "activate": ["id", "label"],
        "accessibility": ["text_size", "contrast", "explore"],
    ]

    /// Parses one line (without its newline); the error says what is wrong with it.
    public init(line: some Collection<UInt8>) throws(ControlError) {
        do {
            self = try JSONDecoder().decode(ControlRequest.self, from: Data(line))
        } catch let error as ControlError {
            throw error
        } catch DecodingError.typeMismatch {
            throw ControlError("a request must be a JSON object")
        } catch {
            throw ControlError("malformed JSON: \(Self.reason(error))")
        }
    }

    /// The request of a JSON object's fields, checked as the server checks a line: what
    /// `kiosk ctl` builds from its flags is refused before it is sent, with the same words.
    public init(fields: [String: JSONValue]) throws(ControlError) {
        guard let command = fields["cmd"] else { throw ControlError("missing \"cmd\" (one of \(Self.commandList))") }
        guard case .string(let name) = command, let known = Self.keys[name] else {
            throw ControlError("unknown command \(Self.describe(command)) (one of \(Self.commandList))")
        }
        for key in fields.keys.sorted() where key != "cmd" && !known.contains(key) {
            throw ControlError("unknown key \"\(key)\" for \(name)" + (known.isEmpty ? "" : " (known: \(known.joined(separator: ", ")))"))
        }
        switch name {
        case "set" where fields["control"] != nil || fields["value"] != nil:
            for key in ["button", "title", "disabled", "hidden"] where fields[key] != nil {
                throw ControlError("set takes \"control\" and \"value\", or \"button\" and its changes, not \"\(key)\" with \"control\"")
            }
            let control = try Self.string(fields, "control", name)
            guard let value = fields["value"] else { throw ControlError("set needs \"value\" for a control") }
            self = .setValue(control: control, value: try Self.value(value))
        case "get": self = .get(control: try Self.string(fields, "control", name))
        case "set":
            let button = try Self.string(fields, "button", name)
            let title = try fields["title"].map { value throws(ControlError) in try Self.title(value) }
            let disabled = try Self.bool(fields, "disabled")
            let hidden = try Self.bool(fields, "hidden")
            guard title != nil || disabled != nil || hidden != nil else {
                throw ControlError("set needs at least one of title, disabled, hidden")
            }
            self = .set(button: button, title: title, disabled: disabled, hidden: hidden)
        case "screen": self = .screen(try Self.string(fields, "screen", name))
        case "language":
            let language = try Self.string(fields, "language", name)
            do {
                self = .language(try LanguageTag(validating: language).identifier)
            } catch {
                throw ControlError("\"language\": \(error)")
            }
        case "snapshot": self = .snapshot(path: try Self.string(fields, "path", name))
        case "subscribe": self = .subscribe
        case "tree": self = .tree
        case "activate":
            switch (fields["id"], fields["label"]) {
            case (nil, nil): throw ControlError("activate needs \"id\" or \"label\"")
            case (_?, _?): throw ControlError("activate takes \"id\" or \"label\", not both")
            case (_?, nil): self = .activate(.id(try Self.string(fields, "id", name)))
            case (nil, _?): self = .activate(.label(try Self.string(fields, "label", name)))
            }
        case "accessibility":
            let change = AccessibilityChange(textSize: try Self.named(fields, "text_size", AccessibilityChange.textSize(named:)),
                                             contrast: try Self.named(fields, "contrast", AccessibilityChange.contrast(named:)),
                                             mode: try Self.bool(fields, "explore").map { $0 ? .explore : .standard })
            guard !change.isEmpty else { throw ControlError("accessibility needs at least one of text_size, contrast, explore") }
            self = .accessibility(change)
        default: self = .stats
        }
    }

    private static var commandList: String { keys.keys.sorted().joined(separator: ", ") }

    private static func string(_ fields: [String: JSONValue], _ key: String, _ command: String) throws(ControlError) -> String {
        guard let value = fields[key] else { throw ControlError("\(command) needs \"\(key)\"") }
        guard case .string(let text) = value, !text.isEmpty else { throw ControlError("\"\(key)\" must be a non-empty string") }
        return text
    }

    /// The value of optional `key` parsed by `parse` (a name of a text size or a contrast).
    private static func named<T>(_ fields: [String: JSONValue], _ key: String,
                                 _ parse: (String) throws(AccessibilityChange.NameError) -> T) throws(ControlError) -> T? {
        guard fields[key] != nil else { return nil }
        let text = try string(fields, key, "accessibility")
        do {
            return try parse(text)
        } catch {
            throw ControlError("\"\(key)\": \(error.message)")
        }
    }

    /// A control's value: true/false, a number or a string.
    private static func value(_ value: JSONValue) throws(ControlError) -> UIEvent.Value {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .number(let number) where number.isFinite: return .number(number)
        case .string(let text): return .text(text)
        default: throw ControlError("\"value\" must be true or false, a number or a string")
        }
    }

    private static func bool(_ fields: [String: JSONValue], _ key: String) throws(ControlError) -> Bool? {
        guard let value = fields[key] else { return nil }
        guard case .bool(let flag) = value else { throw ControlError("\"\(key)\" must be true or false") }
        return flag
    }

    private static let runKeys = ["text", "bold", "italic", "underline", "strikethrough", "size", "color"]

    /// A plain string, or runs as in screen files: `[{"text":"Tap ","italic":true}, …]`,
    /// within `ScreenFile.maximumRuns` and `ScreenFile.maximumTextBytes`.
    public static func title(_ value: JSONValue) throws(ControlError) -> [ScreenFile.TitleRun] {
        if case .string(let text) = value { return try checkedLength(title: [ScreenFile.TitleRun(text: text)]) }
        guard case .array(let runs) = value, !runs.isEmpty else {
            throw ControlError("\"title\" must be a string or a non-empty array of runs")
        }
        // Refused before any run is parsed: a long array costs nothing more.
        guard runs.count <= ScreenFile.maximumRuns else {
            throw ControlError("\"title\" has \(runs.count) runs; at most \(ScreenFile.maximumRuns)")
        }
        var result: [ScreenFile.TitleRun] = []
        for (index, element) in runs.enumerated() {
            guard case .object(let run) = element else { throw ControlError("title run \(index) must be an object") }
            for key in run.keys.sorted() where !runKeys.contains(key) {
                throw ControlError("title run \(index): unknown key \"\(key)\" (known: \(runKeys.joined(separator: ", ")))")
            }
            guard case .string(let text)? = run["text"] else { throw ControlError("title run \(index) needs \"text\" as a string") }
            var parsed = ScreenFile.TitleRun(text: text)
            for key in ["bold", "italic", "underline", "strikethrough"] {
                guard let value = run[key] else { continue }
                guard case .bool(let flag) = value else { throw ControlError("title run \(index): \"\(key)\" must be true or false") }
                switch key {
                case "bold": parsed.bold = flag
                case "italic": parsed.italic = flag
                case "underline": parsed.underline = flag
                default: parsed.strikethrough = flag
                }
            }
            if let size = run["size"] {
                guard case .number(let n) = size, n > 0, n <= 500 else {
                    throw ControlError("title run \(index): \"size\" must be a number in 1...500")
                }
                parsed.size = n
            }
            if let color = run["color"] {
                guard case .string(let hex) = color else { throw ControlError("title run \(index): \"color\" must be a string like \"#FF0000\"") }
                do {
                    parsed.color = try PixelColor(hex: hex)
                } catch {
                    throw ControlError("title run \(index): \(error.description)")
                }
            }
            result.append(parsed)
        }
        return try checkedLength(title: result)
    }

    private static func describe(_ value: JSONValue) -> String {
        if case .string(let text) = value { return EventLog.quoted(text) }
        return String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
    }

    /// What the decoder found wrong with the line's JSON.
    public static func reason(_ error: Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "not a JSON value" }
        let underlying = (context.underlyingError as? CocoaError)?.userInfo["NSDebugDescription"] as? String
        return underlying ?? context.debugDescription
    }
}

/// What was wrong with a request; it becomes `{"ok":false,"error":"…"}`.
public struct ControlError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// A failed system call: what was being done and errno's text.
    public static func system(_ what: String, _ code: Int32) -> ControlError {
        ControlError("cannot \(what): \(String(cString: strerror(code)))")
    }
}

/// A reply's value: what the stats and snapshot replies carry.
public enum ControlValue: Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// JSON written already (the tree's array of elements).
    case json(String)

    var json: String {
        switch self {
        case .string(let s): EventLog.quoted(s)
        case .int(let n): String(n)
        case .double(let d): d.isFinite ? String(cFormat: "%.3f", d) : "null"
        case .bool(let b): b ? "true" : "false"
        case .json(let text): text
        }
    }
}

/// The reply lines, `ok` first and the fields in the order given.
public enum ControlReply {
    public static func ok(_ fields: KeyValuePairs<String, ControlValue> = [:]) -> String {
        ok(Array(fields.map { ($0.key, $0.value) }))
    }

    public static func ok(_ fields: [(String, ControlValue)]) -> String {
        "{" + ([("ok", "true")] + fields.map { ($0.0, $0.1.json) }).map { "\(EventLog.quoted($0.0)):\($0.1)" }
            .joined(separator: ",") + "}"
    }

    public static func error(_ message: String) -> String {
        "{\"ok\":false,\"error\":\(EventLog.quoted(message))}"
    }
}
