/// The devices under `LibInputSource`, as raw events: libinput's context on a device
/// (`LibInputContext`), or a test's own, so what the source makes of devices coming, going
/// and being given up (a touchscreen pulled out mid-press, a VT switch) is tested without one.
public protocol InputDevices: AnyObject {
    /// Becomes readable when events are waiting.
    var fileDescriptor: Int32 { get }
    /// Reads what is pending, oldest first.
    func read() throws -> [RawInputEvent]
    /// The devices there now, by node.
    var devices: [InputDeviceInfo] { get }
    /// Closes every device (switched away to another VT); what they had pressed is lifted
    /// by the events that follow.
    func suspend()
    /// Reopens the devices after `suspend()`.
    func resume() throws
}
