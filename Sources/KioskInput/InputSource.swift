import KioskCore

/// Where touches and keys come from: libinput on a device, a touch script in tests. The
/// run loop calls `readEvents()` when `fileDescriptor` is readable or `nextEventTime` has
/// come, so it needs to know no source by its type.
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
    /// When the next event is due, for a source that times its own events on the loop's
    /// clock (a script); nil for devices, whose events make `fileDescriptor` readable.
    var nextEventTime: Microseconds? { get }
    /// Time zero of a played script (the event log counts from it); nil for devices.
    var scriptStart: Microseconds? { get }
}

extension InputSource {
    public func suspend() {}
    public func resume() throws {}
    public var devices: [InputDeviceInfo]? { nil }
    public var nextEventTime: Microseconds? { nil }
    public var scriptStart: Microseconds? { nil }
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
