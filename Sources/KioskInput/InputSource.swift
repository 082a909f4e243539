import KioskCore

/// Where touches and keys come from: libinput on a device, a touch script in tests. The
/// run loop polls `fileDescriptor` for readability and then calls `readEvents()`.
public protocol InputSource: AnyObject {
    /// Becomes readable when events may be waiting; -1 if the source has none to poll.
    var fileDescriptor: Int32 { get }

    /// Drains what is pending and returns it, touches as frames in UI coordinates, oldest
    /// first; empty when nothing complete is pending.
    func readEvents() throws -> [InputEvent]
}
