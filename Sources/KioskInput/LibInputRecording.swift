import CKioskShim
import FoundationEssentials
import KioskCore

/// A recording written by `libinput record`: each device's evdev description (name, id,
/// event codes, axis ranges, properties) and the frames it sent, with their kernel
/// timestamps. `kiosk replay` makes each device again with uinput and writes its frames
/// at the recorded times.
///
/// Parsing is pure and checks everything a replay needs before anything is made: the
/// file version, every device's capabilities against what uinput accepts, and every
/// event against its device's codes; the first problem is a `RecordingError` naming the
/// file, the line and the key. Keys a replay does not need (the libinput, system, udev,
/// quirks and hid sections, libinput's own events) are skipped.
public struct LibInputRecording: Equatable, Sendable {
    public struct Device: Equatable, Sendable {
        /// The node it was recorded from (e.g. /dev/input/event5), for messages.
        public var node: String
        public var capabilities: UInputCapabilities
        public var frames: [Frame]
    }

    /// What the device sent up to and including one SYN_REPORT.
    public struct Frame: Equatable, Sendable {
        /// The recorded time of its first event, in microseconds on the recording's clock.
        public var time: Microseconds
        public var events: [UInputEvent]
    }

    /// A frame on the replay's timeline.
    public struct TimedFrame: Equatable, Sendable {
        /// Microseconds after the recording's first event.
        public var time: Microseconds
        /// Which of `devices` writes it.
        public var device: Int
        public var events: [UInputEvent]
    }

    public var devices: [Device]

    /// More events than this is refused: a real recording of minutes has tens of
    /// thousands, and YAML aliases could otherwise make a small file expand without end.
    public static let maximumEvents = 1_000_000
    /// A longer recording is refused: it is played in real time, so a broken timestamp
    /// would stall the replay for days.
    public static let maximumDuration: Microseconds = 24 * 3600 * 1_000_000

    /// Parses and validates a recording's text; `file` names it in errors. A recording
    /// with more than `eventLimit` events is refused.
    public init(parsing text: String, file: String = "recording", eventLimit: Int = maximumEvents) throws {
        var parser = RecordingParser(file: file, eventLimit: eventLimit)
        devices = try parser.recording(text)
    }

    /// A larger file is refused unread: about 400,000 events of `libinput record` (an hour of
    /// a finger moving without pause) and some 650 MB loaded; a real recording of minutes
    /// is a few megabytes.
    public static let maximumFileBytes = 32 << 20

    /// Reads and parses the recording at `path`: a regular file (a FIFO would block) of at
    /// most `maximumFileBytes`.
    public init(contentsOfFile path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: Self.maximumFileBytes)
        } catch {
            throw RecordingError(file: path, line: nil, key: "", message: error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RecordingError(file: path, line: nil, key: "", message: "the file is not UTF-8 text")
        }
        try self.init(parsing: text, file: path)
    }

    /// Every device's frames in time order, from the recording's first event at 0; frames
    /// at the same time keep the devices' order.
    public var timeline: [TimedFrame] {
        let start = devices.compactMap { $0.frames.first?.time }.min() ?? 0
        var frames: [TimedFrame] = []
        for (index, device) in devices.enumerated() {
            frames += device.frames.map { TimedFrame(time: $0.time - start, device: index, events: $0.events) }
        }
        return frames.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
    }

    /// The time of the last frame after the first.
    public var duration: Microseconds { timeline.last?.time ?? 0 }
}

/// Walks the YAML document; each error carries the node's line and the key path to it.
private struct RecordingParser {
    typealias Node = YAMLDocument.Node

    let file: String
    let eventLimit: Int
    var eventCount = 0

    init(file: String, eventLimit: Int) {
        self.file = file
        self.eventLimit = eventLimit
    }

    mutating func recording(_ text: String) throws -> [LibInputRecording.Device] {
        let document: YAMLDocument
        do {
            document = try YAMLDocument(parsing: text)
        } catch let error as YAMLDocument.SyntaxError {
            throw RecordingError(file: file, line: error.line, key: "", message: error.message)
        }
        guard let root = document.root else {
            throw RecordingError(file: file, line: nil, key: "", message: "the file is empty; expected a libinput record recording")
        }
        let top = try mapping(root, "")
        let version = try required(top, root, "version", "")
        guard version.scalar == "1" else {
            throw fail(version, "version", "expected 1 (libinput record's format), not '\(version.scalar ?? "a collection")'")
        }
        let devicesNode = try required(top, root, "devices", "")
        let deviceNodes = try sequence(devicesNode, "devices")
        guard !deviceNodes.isEmpty else {
            throw fail(devicesNode, "devices", "the recording has no device")
        }
        if let count = top["ndevices"] {
            let declared = try integer(count, "ndevices", Int.self)
            guard declared == deviceNodes.count else {
                throw fail(count, "ndevices", "says \(declared) but \(deviceNodes.count) devices follow (is the file cut short?)")
            }
        }
        return try deviceNodes.enumerated().map { index, node in
            try device(node, "devices[\(index)]")
        }
    }

    private mutating func device(_ node: Node, _ key: String) throws -> LibInputRecording.Device {
        let fields = try mapping(node, key)
        let recordedNode = try fields["node"].map { try string($0, key + ".node") } ?? "(no node)"
        let evdevNode = try required(fields, node, "evdev", key)
        let capabilities = try self.capabilities(evdevNode, key + ".evdev")
        var frames: [LibInputRecording.Frame] = []
        if let events = fields["events"], !isNull(events) {
            var previous: Microseconds = 0
            for (index, item) in try sequence(events, key + ".events").enumerated() {
                let itemKey = "\(key).events[\(index)]"
                // libinput's own events (with --with-libinput) are a replay's result, not its input.
                guard let evdev = try mapping(item, itemKey)["evdev"] else { continue }
                let frame = try self.frame(evdev, itemKey + ".evdev", capabilities, after: &previous)
                if !frame.events.isEmpty { frames.append(frame) }
            }
        }
        return LibInputRecording.Device(node: recordedNode, capabilities: capabilities, frames: frames)
    }

    private func capabilities(_ node: Node, _ key: String) throws -> UInputCapabilities {
        let fields = try mapping(node, key)
        let nameNode = try required(fields, node, "name", key)
        let name = try string(nameNode, key + ".name")
        guard !name.isEmpty, name.utf8.count <= UInputCapabilities.maximumNameLength, !name.contains("\0") else {
            throw fail(nameNode, key + ".name", "must be 1...\(UInputCapabilities.maximumNameLength) bytes without NUL (uinput's limit)")
        }
        let idNode = try required(fields, node, "id", key)
        let id = try integers(idNode, key + ".id", UInt16.self)
        guard id.count == 4 else {
            throw fail(idNode, key + ".id", "expected [bus, vendor, product, version], got \(id.count) numbers")
        }

        var codes: [UInt16: Set<UInt16>] = [:]
        let codesNode = try required(fields, node, "codes", key)
        for (typeNode, list) in try mapping(codesNode, key + ".codes") {
            let typeKey = "\(key).codes.\(typeNode.scalar ?? "?")"
            let type = try integer(typeNode, typeKey, UInt16.self)
            if type == UInt16(EV_SYN) { continue }
            guard let maximum = UInputCapabilities.maximumCodes[type] else {
                throw fail(typeNode, typeKey, "event type \(type) cannot be replayed (only EV_KEY, EV_REL, EV_ABS, EV_MSC, EV_SW and EV_LED)")
            }
            var set: Set<UInt16> = []
            for code in try integers(list, typeKey, UInt16.self) {
                guard code <= maximum else {
                    throw fail(list, typeKey, "code \(code) is above the type's maximum \(maximum)")
                }
                set.insert(code)
            }
            codes[type] = set
        }
        let absoluteCodes = codes[UInt16(EV_ABS)] ?? []

        var axes: [UInt16: AbsoluteAxis] = [:]
        if let absinfo = fields["absinfo"] {
            for (codeNode, info) in try mapping(absinfo, key + ".absinfo") {
                let axisKey = "\(key).absinfo.\(codeNode.scalar ?? "?")"
                let code = try integer(codeNode, axisKey, UInt16.self)
                guard absoluteCodes.contains(code) else {
                    throw fail(codeNode, axisKey, "axis \(code) is not among the EV_ABS codes (codes.3)")
                }
                let values = try integers(info, axisKey, Int32.self)
                guard values.count == 5 else {
                    throw fail(info, axisKey, "expected [minimum, maximum, fuzz, flat, resolution], got \(values.count) numbers")
                }
                let axis = AbsoluteAxis(minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3], resolution: values[4])
                if let problem = axis.kernelProblem {
                    throw fail(info, axisKey, problem)
                }
                if code == UInt16(ABS_MT_SLOT), axis.minimum != 0 || axis.maximum < 0 || axis.maximum >= UInputCapabilities.maximumSlots {
                    throw fail(info, axisKey, "ABS_MT_SLOT must range from 0 to at most \(UInputCapabilities.maximumSlots - 1)")
                }
                axes[code] = axis
            }
        }
        if let missing = absoluteCodes.subtracting(axes.keys).min() {
            throw fail(fields["absinfo"] ?? codesNode, key + ".absinfo", "axis \(missing) is an EV_ABS code but has no range")
        }

        var properties: Set<UInt16> = []
        if let list = fields["properties"] {
            for property in try integers(list, key + ".properties", UInt16.self) {
                guard property <= UInputCapabilities.maximumProperty else {
                    throw fail(list, key + ".properties", "property \(property) is above INPUT_PROP_MAX (\(UInputCapabilities.maximumProperty))")
                }
                properties.insert(property)
            }
        }
        return UInputCapabilities(
            name: name,
            identity: InputDeviceIdentity(bustype: id[0], vendor: id[1], product: id[2], version: id[3]),
            codes: codes, axes: axes, properties: properties)
    }

    /// One `- evdev:` list: events of `[seconds, microseconds, type, code, value]`.
    private mutating func frame(_ node: Node, _ key: String, _ capabilities: UInputCapabilities,
                                after previous: inout Microseconds) throws -> LibInputRecording.Frame {
        var frame = LibInputRecording.Frame(time: 0, events: [])
        for (index, eventNode) in try sequence(node, key).enumerated() {
            let eventKey = "\(key)[\(index)]"
            eventCount += 1
            guard eventCount <= eventLimit else {
                throw fail(eventNode, eventKey, "more than \(eventLimit) events")
            }
            let fields = try sequence(eventNode, eventKey)
            guard fields.count == 5 else {
                throw fail(eventNode, eventKey, "expected [seconds, microseconds, type, code, value], got \(fields.count) values")
            }
            let seconds = try integer(fields[0], eventKey, Int64.self)
            let microseconds = try integer(fields[1], eventKey, Int64.self)
            let limit = LibInputRecording.maximumDuration / 1_000_000
            guard (0...limit).contains(seconds), (0..<1_000_000).contains(microseconds) else {
                throw fail(eventNode, eventKey, "the time must be 0...\(limit) s and 0...999999 µs")
            }
            let time = seconds * 1_000_000 + microseconds
            guard time >= previous else {
                throw fail(eventNode, eventKey, "time \(seconds).\(microseconds) s goes back before the event before it")
            }
            previous = time
            let type = try integer(fields[2], eventKey, UInt16.self)
            let code = try integer(fields[3], eventKey, UInt16.self)
            let value = try integer(fields[4], eventKey, Int32.self)
            guard capabilities.supports(type: type, code: code) else {
                throw fail(eventNode, eventKey, "the device has no event type \(type) code \(code) (not in its codes)")
            }
            if frame.events.isEmpty { frame.time = time }
            frame.events.append(UInputEvent(type: Int32(type), code: Int32(code), value: value))
        }
        return frame
    }

    // MARK: Nodes

    private func fail(_ node: Node?, _ key: String, _ message: String) -> RecordingError {
        RecordingError(file: file, line: node?.line, key: key, message: message)
    }

    private func mapping(_ node: Node, _ key: String) throws -> YAMLDocument.Mapping {
        guard let mapping = node.mapping else {
            throw fail(node, key, "expected a mapping (key: value lines)")
        }
        return mapping
    }

    private func sequence(_ node: Node, _ key: String) throws -> [Node] {
        guard let sequence = node.sequence else {
            throw fail(node, key, "expected a list")
        }
        return sequence
    }

    private func required(_ mapping: YAMLDocument.Mapping, _ node: Node, _ name: String, _ key: String) throws -> Node {
        guard let value = mapping[name] else {
            throw fail(node, key.isEmpty ? name : key + "." + name, "missing")
        }
        return value
    }

    private func string(_ node: Node, _ key: String) throws -> String {
        guard let scalar = node.scalar else {
            throw fail(node, key, "expected text")
        }
        return scalar
    }

    private func isNull(_ node: Node) -> Bool {
        guard let scalar = node.scalar, node.isPlainScalar else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar)
    }

    /// A decimal integer that fits `T` (libinput record writes every number in decimal).
    private func integer<T: FixedWidthInteger>(_ node: Node, _ key: String, _ type: T.Type) throws -> T {
        guard let text = node.scalar, let value = T(text) else {
            let shown = node.scalar.map { "'\($0)'" } ?? "a collection"
            throw fail(node, key, "expected an integer in \(T.min)...\(T.max), not \(shown)")
        }
        return value
    }

    private func integers<T: FixedWidthInteger>(_ node: Node, _ key: String, _ type: T.Type) throws -> [T] {
        try sequence(node, key).map { try integer($0, key, T.self) }
    }
}
