import CKioskShim
import Foundation
import KioskGestures
import Testing
@testable import KioskInput

/// A two-device recording in libinput record's layout: a touchscreen that taps and a
/// single-touch panel that presses once, with the sections a replay skips.
private let twoDevices = """
    # libinput record
    version: 1
    ndevices: 2
    libinput:
      version: "1.22.1"
      git: "unknown"
    system:
      os: "debian:12"
    devices:
    - node: /dev/input/event5
      evdev:
        # Name: Test panel
        name: "Test panel"
        id: [24, 1046, 911, 256]
        codes:
          0: [0, 1, 2, 3, 4] # EV_SYN
          1: [330] # EV_KEY
          3: [0, 1, 47, 53, 54, 57] # EV_ABS
        absinfo:
          0: [0, 4095, 4, 0, 16]
          1: [0, 2047, 4, 0, 26]
          47: [0, 9, 0, 0, 0]
          53: [0, 4095, 4, 0, 16]
          54: [0, 2047, 4, 0, 26]
          57: [0, 65535, 0, 0, 0]
        properties: [1]
      hid: [0x05, 0x0d]
      udev:
        properties:
        - ID_INPUT=1
      quirks:
      events:
      # Current time is 08:00:00
      - evdev:
        - [  3, 500000,   3,  57,      12] # EV_ABS / ABS_MT_TRACKING_ID 12
        - [  3, 500000,   3,  53,     100]
        - [  3, 500000,   1, 330,       1]
        - [  3, 500000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
      - libinput:
        - {time: 0.000000, type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [1.0, 2.0]}
      - evdev:
        - [  3, 540000,   3,  57,      -1]
        - [  3, 540000,   1, 330,       0]
        - [  3, 540000,   0,   0,       0]
    - node: /dev/input/event6
      evdev:
        name: "Resistive"
        id: [3, 3823, 1, 0]
        codes:
          1: [330]
          3: [0, 1]
        absinfo:
          0: [200, 3900, 0, 0, 0]
          1: [150, 3950, 0, 0, 0]
        properties: []
      events:
      - evdev:
        - [  3, 520000,   3,   0,     900]
        - [  3, 520000,   1, 330,       1]
        - [  3, 520000,   0,   0,       0]
    """

private func parse(_ text: String) throws -> LibInputRecording {
    try LibInputRecording(parsing: text, file: "test.yml")
}

/// The error parsing `text` throws (nil when it parses).
private func error(_ text: String) -> RecordingError? {
    do {
        _ = try parse(text)
        return nil
    } catch let error as RecordingError {
        return error
    } catch {
        Issue.record("not a RecordingError: \(error)")
        return nil
    }
}

/// `twoDevices` with one line replaced, to break one thing at a known line.
private func twoDevices(replacing old: String, with new: String) -> String {
    precondition(twoDevices.contains(old))
    return twoDevices.replacingOccurrences(of: old, with: new)
}

private func line(of text: String, in source: String = twoDevices) -> Int {
    source.components(separatedBy: "\n").firstIndex { $0.contains(text) }! + 1
}

private func abs(_ code: Int32, _ value: Int32) -> UInputEvent { UInputEvent(type: EV_ABS, code: code, value: value) }
private func key(_ code: Int32, _ value: Int32) -> UInputEvent { UInputEvent(type: EV_KEY, code: code, value: value) }
private let syn = UInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0)

@Suite struct LibInputRecordingTests {
    @Test("A loaded YAML document is freed once its nodes are gone: a node keeps its document, never the reverse")
    func theYAMLDocumentIsFreed() throws {
        weak var freed: YAMLDocument?
        do {
            let document = try YAMLDocument(parsing: twoDevices)
            freed = document
            #expect(document.root?.mapping?["ndevices"]?.scalar == "2")
        }
        #expect(freed == nil)
    }

    @Test func readsTheRecordedDevice() throws {
        let device = try parse(twoDevices).devices[0]
        #expect(device.node == "/dev/input/event5")
        let capabilities = device.capabilities
        #expect(capabilities.name == "Test panel")
        #expect(capabilities.identity == InputDeviceIdentity(bustype: 24, vendor: 1046, product: 911, version: 256))
        #expect(capabilities.codes == [UInt16(EV_KEY): [UInt16(BTN_TOUCH)], UInt16(EV_ABS): [0, 1, 47, 53, 54, 57]])
        #expect(capabilities.axes[UInt16(ABS_Y)] == AbsoluteAxis(minimum: 0, maximum: 2047, fuzz: 4, flat: 0, resolution: 26))
        #expect(capabilities.axes[UInt16(ABS_MT_SLOT)] == AbsoluteAxis(minimum: 0, maximum: 9))
        #expect(capabilities.properties == [UInt16(INPUT_PROP_DIRECT)])
    }

    /// What `UInputDevice` is asked for, in order: types with their codes, properties,
    /// axis ranges, then name and id.
    @Test func theUInputSetupCopiesTheRecordedCapabilities() throws {
        let steps = try parse(twoDevices).devices[1].capabilities.setupSteps
        #expect(steps == [
            .eventType(UInt16(EV_KEY)), .code(type: UInt16(EV_KEY), code: UInt16(BTN_TOUCH)),
            .eventType(UInt16(EV_ABS)), .code(type: UInt16(EV_ABS), code: 0), .code(type: UInt16(EV_ABS), code: 1),
            .axis(code: 0, AbsoluteAxis(minimum: 200, maximum: 3900)),
            .axis(code: 1, AbsoluteAxis(minimum: 150, maximum: 3950)),
            .device(name: "Resistive", InputDeviceIdentity(bustype: 3, vendor: 3823, product: 1, version: 0)),
        ])
    }

    /// Frames keep their events as recorded; libinput's own events are not replayed.
    @Test func framesAreTheRecordedEvdevFrames() throws {
        let frames = try parse(twoDevices).devices[0].frames
        #expect(frames == [
            .init(time: 3_500_000, events: [abs(ABS_MT_TRACKING_ID, 12), abs(ABS_MT_POSITION_X, 100), key(BTN_TOUCH, 1), syn]),
            .init(time: 3_540_000, events: [abs(ABS_MT_TRACKING_ID, -1), key(BTN_TOUCH, 0), syn]),
        ])
    }

    /// Both devices on one clock, from the first event on, in time order.
    @Test func theTimelineInterleavesDevicesFromTheFirstEvent() throws {
        let recording = try parse(twoDevices)
        #expect(recording.timeline.map { [$0.time, Int64($0.device)] } == [[0, 0], [20_000, 1], [40_000, 0]])
        #expect(recording.timeline[1].events == [abs(ABS_X, 900), key(BTN_TOUCH, 1), syn])
        #expect(recording.duration == 40_000)
    }

    @Test func aDeviceWithoutEventsIsMadeAndRemoved() throws {
        let text = twoDevices.components(separatedBy: "  events:\n  - evdev:\n    - [  3, 520000").first!
        let recording = try parse(text)
        #expect(recording.devices[1].frames.isEmpty)
        #expect(recording.devices.count == 2)
    }

    @Test func anInvertedRangeIsRefusedWithItsLine() throws {
        let text = twoDevices(replacing: "0: [200, 3900, 0, 0, 0]", with: "0: [3900, 200, 0, 0, 0]")
        let problem = try #require(error(text))
        #expect(problem.line == line(of: "0: [3900, 200", in: text))
        #expect(problem.key == "devices[1].evdev.absinfo.0")
        #expect(problem.description.hasPrefix("test.yml:\(problem.line!): devices[1].evdev.absinfo.0: minimum 3900 is above maximum 200"))
    }

    @Test func anEventTheDeviceCannotSendIsRefused() throws {
        let text = twoDevices(replacing: "[  3, 520000,   3,   0,     900]", with: "[  3, 520000,   3,  24,     900]")
        let problem = try #require(error(text))
        #expect(problem.line == line(of: "3,  24,     900", in: text))
        #expect(problem.key == "devices[1].events[0].evdev[0]")
        #expect(problem.message.contains("no event type 3 code 24"))
    }

    @Test func timeGoingBackIsRefused() throws {
        let text = twoDevices(replacing: "[  3, 540000,   3,  57,      -1]", with: "[  3, 400000,   3,  57,      -1]")
        #expect(error(text)?.line == line(of: "400000", in: text))
    }

    @Test func aMissingRangeNamesTheAxis() throws {
        let text = twoDevices(replacing: "      1: [150, 3950, 0, 0, 0]\n", with: "")
        let problem = try #require(error(text))
        #expect(problem.key == "devices[1].evdev.absinfo")
        #expect(problem.message.contains("axis 1 is an EV_ABS code but has no range"))
    }

    @Test func malformedRecordingsNameTheirLineAndKey() throws {
        let cases: [(String, String, String, String)] = [
            ("version: 1", "version: 2", "version", "expected 1"),
            ("ndevices: 2", "ndevices: 3", "ndevices", "says 3 but 2 devices follow"),
            ("id: [3, 3823, 1, 0]", "id: [3, 3823, 1]", "devices[1].evdev.id", "got 3 numbers"),
            ("id: [3, 3823, 1, 0]", "id: [3, 70000, 1, 0]", "devices[1].evdev.id", "expected an integer in 0...65535, not '70000'"),
            ("      3: [0, 1]\n", "      3: [0, 1]\n      21: [80]\n", "devices[1].evdev.codes.21", "event type 21 cannot be replayed"),
            ("properties: []", "properties: [40]", "devices[1].evdev.properties", "above INPUT_PROP_MAX"),
            ("47: [0, 9, 0, 0, 0]", "47: [0, 99, 0, 0, 0]", "devices[0].evdev.absinfo.47", "ABS_MT_SLOT must range"),
            ("[  3, 520000,   1, 330,       1]", "[  3, 520000,   1, 330]", "devices[1].events[0].evdev[1]", "got 4 values"),
            ("[  3, 520000,   1, 330,       1]", "[  3, 1000000,   1, 330,       1]", "devices[1].events[0].evdev[1]", "0...999999 µs"),
            ("name: \"Resistive\"", "name: [1]", "devices[1].evdev.name", "expected text"),
        ]
        for (old, new, key, message) in cases {
            let text = twoDevices(replacing: old, with: new)
            let problem = error(text)
            #expect(problem?.key == key, "\(new)")
            #expect(problem?.message.contains(message) == true, "\(new): \(String(describing: problem))")
            #expect(problem?.line == line(of: new.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: "\n").last!, in: text), "\(new)")
        }
    }

    @Test func aMissingKeyNamesItsParent() throws {
        let text = twoDevices(replacing: "    name: \"Resistive\"\n", with: "")
        let problem = try #require(error(text))
        #expect(problem.key == "devices[1].evdev.name")
        #expect(problem.message == "missing")
        #expect(problem.line == line(of: "id: [3, 3823, 1, 0]", in: text))
    }

    @Test func yamlSyntaxErrorsNameTheirLine() throws {
        let text = twoDevices(replacing: "      1: [330] # EV_KEY", with: "      1: [330 # EV_KEY")
        let problem = try #require(error(text))
        #expect(problem.message.hasPrefix("not valid YAML"))
        #expect(problem.line != nil)
        #expect((line(of: "1: [330 # EV_KEY", in: text)...line(of: "3: [0, 1, 47", in: text)).contains(problem.line!))
    }

    @Test func notARecordingIsRefused() {
        #expect(error("")?.message.contains("empty") == true)
        #expect(error("- a\n- b\n")?.message.contains("expected a mapping") == true)
        #expect(error("version: 1\n")?.key == "devices")
        #expect(error("version: 1\ndevices: []\n")?.message.contains("no device") == true)
        #expect(error("a: b\0c\n") != nil)
    }

    /// YAML aliases let a small file name the same events many times; the count is capped
    /// (here at 10,000, to keep the test quick: the default is a million).
    @Test func aliasesCannotExpandWithoutEnd() throws {
        let text = """
            version: 1
            devices:
            - evdev:
                name: "x"
                id: [3, 1, 1, 0]
                codes:
                  3: [0]
                absinfo:
                  0: [0, 100, 0, 0, 0]
              events:
              - evdev: &one

            """ + String(repeating: "    - [0, 0, 3, 0, 5]\n", count: 100)
            + String(repeating: "  - evdev: *one\n", count: 100)
        #expect(try LibInputRecording(parsing: text, eventLimit: 10_100).devices[0].frames.count == 101)
        #expect(throws: RecordingError(file: "recording", line: 12, key: "devices[0].events[100].evdev[0]",
                                       message: "more than 10000 events")) {
            try LibInputRecording(parsing: text, eventLimit: 10_000)
        }
    }

    @Test func aFileThatCannotBeReadIsNamed() throws {
        #expect(throws: RecordingError(file: "/nonexistent.yml", line: nil, key: "", message: "no such file")) {
            try LibInputRecording(contentsOfFile: "/nonexistent.yml")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("latin1-\(getpid()).yml").path
        try #require(FileManager.default.createFile(atPath: path, contents: Data([0x76, 0x3a, 0x20, 0xE9, 0x0a])))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: RecordingError(file: path, line: nil, key: "", message: "the file is not UTF-8 text")) {
            try LibInputRecording(contentsOfFile: path)
        }
    }

    /// Every recording the virtual-board suite replays parses, and each presses something.
    @Test func theBoardRecordingsParse() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("board/qemu/recordings")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(files.count >= 4)
        for file in files {
            let recording = try LibInputRecording(contentsOfFile: folder.appendingPathComponent(file).path)
            let downs = recording.timeline.flatMap(\.events).filter {
                $0 == key(BTN_TOUCH, 1) || ($0.code == UInt16(ABS_MT_TRACKING_ID) && $0.value >= 0)
            }
            #expect(!downs.isEmpty, "\(file) presses nothing")
        }
    }
}
