import KioskCore

/// Where touches and keys come from: libinput on a device, a touch script in tests. The
/// run loop polls `fileDescriptor` for readability and then calls `readEvents()`.
public protocol InputSource: AnyObject {
    /// Becomes readable when events may be waiting; -1 if the source has none to poll.
    var fileDescriptor: Int32 { get }

    /// Drains what is pending and returns it, touches as frames in UI coordinates, oldest
    /// first; empty when nothing complete is pending.
    func readEvents() throws -> [InputEvent]

    /// Lets go of the devices (switched away to another VT); touches in progress are
    /// cancelled by the next `readEvents()`.
    func suspend()
    /// Takes the devices back after `suspend()`.
    func resume() throws
    /// The devices behind the source, for `kiosk devices`; nil for one with none (a script).
    var devices: [InputDeviceInfo]? { get }
}

extension InputSource {
    public func suspend() {}
    public func resume() throws {}
    public var devices: [InputDeviceInfo]? { nil }
}

/// What an input device is, for `kiosk devices` and for logs.
public struct InputDeviceInfo: Hashable, Sendable {
    public var node: String
    public var name: String
    public var capabilities: [String]
    /// The physical size in mm, when the device reports one.
    public var widthMillimetres: Double?
    public var heightMillimetres: Double?
}
