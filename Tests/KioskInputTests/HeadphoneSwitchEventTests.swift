import CKioskShim
import Testing
@testable import KioskInput

@Suite struct HeadphoneSwitchEventTests {
    /// Raw `struct input_event` records, as read(2) returns them from an evdev node.
    func records(_ events: [(Int32, Int32, Int32)]) -> [UInt8] {
        events.flatMap { type, code, value in
            var record = input_event()
            record.type = UInt16(type)
            record.code = UInt16(code)
            record.value = value
            return withUnsafeBytes(of: record) { Array($0) }
        }
    }

    @Test func plugsAndDropsAreReadAndEverythingElseSkipped() {
        let bytes = records([
            (EV_SW, SW_HEADPHONE_INSERT, 1), (EV_SYN, SYN_REPORT, 0),
            (EV_SW, SW_MICROPHONE_INSERT, 1), (EV_KEY, KEY_TAB, 1), (EV_SYN, SYN_REPORT, 0),
            (EV_SYN, SYN_DROPPED, 0),
            (EV_SW, SW_HEADPHONE_INSERT, 0), (EV_SYN, SYN_REPORT, 0),
        ])
        #expect(HeadphoneSwitchEvent.recordSize == 24)
        #expect(bytes.withUnsafeBytes(HeadphoneSwitchEvent.parse) == [.plugged(true), .dropped, .plugged(false)])
    }

    @Test func aPartialRecordAtTheEndIsLeftOut() {
        let bytes = records([(EV_SW, SW_HEADPHONE_INSERT, 1), (EV_SW, SW_HEADPHONE_INSERT, 0)]).dropLast(3)
        #expect(Array(bytes).withUnsafeBytes(HeadphoneSwitchEvent.parse) == [.plugged(true)])
        #expect([UInt8]().withUnsafeBytes(HeadphoneSwitchEvent.parse) == [])
    }

    @Test func aDirectoryWithoutJacksHasNone() {
        let jacks = HeadphoneJacks(directory: "/nonexistent-input-directory")
        #expect(jacks.nodes.isEmpty && !jacks.isPluggedIn && jacks.fileDescriptors.isEmpty)
    }
}
