import CKioskShim

/// What a headphone jack's evdev node says, read from its raw `struct input_event`
/// records: headphones went in or out, or the kernel dropped events (the state must then
/// be asked for again).
public enum HeadphoneSwitchEvent: Hashable, Sendable {
    case plugged(Bool)
    case dropped

    /// The size of one record (`struct input_event`: a timeval, type, code and value).
    public static let recordSize = MemoryLayout<input_event>.size

    /// The headphone events in `bytes` (whole records, as read(2) returns them), in order;
    /// every other event is skipped.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> [HeadphoneSwitchEvent] {
        var events: [HeadphoneSwitchEvent] = []
        for offset in stride(from: 0, through: bytes.count - recordSize, by: recordSize) {
            let record = bytes.loadUnaligned(fromByteOffset: offset, as: input_event.self)
            switch (Int32(record.type), Int32(record.code)) {
            case (EV_SW, SW_HEADPHONE_INSERT): events.append(.plugged(record.value != 0))
            case (EV_SYN, SYN_DROPPED): events.append(.dropped)
            default: break
            }
        }
        return events
    }
}
