import FoundationEssentials
import Glibc
import KioskScreenFiles
import KioskViews

/// A request as its JSON object: `kiosk ctl` encodes one, the server decodes it with the
/// checks and messages of `init(fields:)`. Keys are written only where the request has them.
extension ControlRequest {
    public init(from decoder: Decoder) throws {
        try self.init(fields: try [String: JSONValue](from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        try fields.encode(to: encoder)
    }

    /// The line `kiosk ctl` sends, without its newline: keys sorted and "/" escaped, as
    /// JSONSerialization writes it.
    public var line: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Every field is a string, a number, a boolean or an array of them: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The request's JSON object.
    var fields: [String: JSONValue] {
        switch self {
        case .set(let button, let title, let disabled, let hidden):
            var fields: [String: JSONValue] = ["cmd": .string("set"), "button": .string(button)]
            fields["title"] = title.map(Self.json(title:))
            fields["disabled"] = disabled.map(JSONValue.bool)
            fields["hidden"] = hidden.map(JSONValue.bool)
            return fields
        case .setValue(let control, let value):
            let json: JSONValue = switch value {
            case .bool(let flag): .bool(flag)
            case .number(let number): .number(number)
            case .text(let text): .string(text)
            }
            return ["cmd": .string("set"), "control": .string(control), "value": json]
        case .get(let control): return ["cmd": .string("get"), "control": .string(control)]
        case .screen(let screen): return ["cmd": .string("screen"), "screen": .string(screen)]
        case .language(let language): return ["cmd": .string("language"), "language": .string(language)]
        case .snapshot(let path): return ["cmd": .string("snapshot"), "path": .string(path)]
        case .subscribe: return ["cmd": .string("subscribe")]
        case .stats: return ["cmd": .string("stats")]
        case .tree: return ["cmd": .string("tree")]
        case .activate(.id(let id)): return ["cmd": .string("activate"), "id": .string(id)]
        case .activate(.label(let label)): return ["cmd": .string("activate"), "label": .string(label)]
        case .accessibility(let change):
            var fields: [String: JSONValue] = ["cmd": .string("accessibility")]
            fields["text_size"] = change.textSize.map { .string(AccessibilityChange.name(of: $0)) }
            fields["contrast"] = change.contrast.map { .string(AccessibilityChange.name(of: $0)) }
            fields["explore"] = change.mode.map { .bool($0 == .explore) }
            return fields
        }
    }

    /// A title as a plain string when it is one plain run, else as its runs.
    private static func json(title runs: [ScreenFile.TitleRun]) -> JSONValue {
        if runs.count == 1, runs[0] == ScreenFile.TitleRun(text: runs[0].text) { return .string(runs[0].text) }
        return .array(runs.map { run in
            var fields: [String: JSONValue] = ["text": .string(run.text)]
            if run.bold { fields["bold"] = .bool(true) }
            if run.italic { fields["italic"] = .bool(true) }
            if run.underline { fields["underline"] = .bool(true) }
            if run.strikethrough { fields["strikethrough"] = .bool(true) }
            fields["size"] = run.size.map(JSONValue.number)
            fields["color"] = run.color.map { .string(hex($0)) }
            return .object(fields)
        })
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque: how screen files write a colour.
    private static func hex(_ color: PixelColor) -> String {
        let channels = [color.red, color.green, color.blue] + (color.alpha < 1 ? [color.alpha] : [])
        return "#" + channels.map { channel in
            let byte = String(Int((min(max(channel, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return byte.count == 1 ? "0" + byte : byte
        }.joined()
    }
}
