import KioskControl
import KioskRuntime
import KioskViews
import Testing

@Suite("Event log")
struct EventLogTests {
    @Test("Lines have DESIGN.md's keys in DESIGN.md's order")
    func lines() {
        let cases: [(UIEvent.Kind, Int64, String)] = [
            (.pressed(button: "start"), 0, #"{"t_ms":0,"button":"start","event":"pressed"}"#),
            (.released(button: "start"), 600_000, #"{"t_ms":600,"button":"start","event":"released"}"#),
            (.triggered(button: "start", cause: .tap), 600_000, #"{"t_ms":600,"button":"start","event":"triggered","cause":"tap"}"#),
            (.triggered(button: "plus", cause: .repeat), 900_000, #"{"t_ms":900,"button":"plus","event":"triggered","cause":"repeat"}"#),
            (.triggered(button: "reset", cause: .longPress), 1_500_000, #"{"t_ms":1500,"button":"reset","event":"triggered","cause":"longPress"}"#),
            (.cancelled(button: "start"), 1_800_000, #"{"t_ms":1800,"button":"start","event":"cancelled"}"#),
            (.swipe(.left), 2_100_000, #"{"t_ms":2100,"event":"swipe","direction":"left"}"#),
            (.screen("settings"), 2_100_000, #"{"t_ms":2100,"event":"screen","screen":"settings"}"#),
            (.value(control: "volume", value: .number(0.4)), 2_200_000, #"{"t_ms":2200,"event":"value","control":"volume","value":0.4}"#),
            (.value(control: "shots", value: .number(2)), 2_200_000, #"{"t_ms":2200,"event":"value","control":"shots","value":2}"#),
            (.value(control: "milk", value: .bool(true)), 2_200_000, #"{"t_ms":2200,"event":"value","control":"milk","value":true}"#),
            (.value(control: "size", value: .text("Large")), 2_200_000, #"{"t_ms":2200,"event":"value","control":"size","value":"Large"}"#),
            (.submit(control: "loyalty", text: "4711", length: 4), 2_300_000, #"{"t_ms":2300,"event":"submit","control":"loyalty","text":"4711"}"#),
            (.submit(control: "pin", text: nil, length: 4), 2_300_000, #"{"t_ms":2300,"event":"submit","control":"pin","length":4}"#),
            (.pressed(button: "a\"b\\c"), 1_500, #"{"t_ms":1.500,"button":"a\"b\\c","event":"pressed"}"#),
        ]
        for (kind, time, line) in cases {
            #expect(EventLog.line(for: UIEvent(time: time, kind: kind)) == line)
        }
    }
}
