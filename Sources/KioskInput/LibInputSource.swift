import KioskCore

/// Touch (and a mouse, as a single touch) and the keys of keyboards and keypads from input
/// devices (libinput's, on a device): their raw events are translated by `TouchTranslator`
/// into UI-coordinate frames and keys. The calibration matrix is applied there, in Swift, so
/// it works the same for every device and is tested without one; a board's
/// LIBINPUT_CALIBRATION_MATRIX udev property, which libinput applies itself, comes first.
public final class LibInputSource: InputSource {
    public typealias Backend = LibInputContext.Backend

    public let inputDevices: any InputDevices
    private var translator: TouchTranslator

    /// Opens libinput on `backend`. Devices present now are reported by the first
    /// `readEvents()` (or `devices` after it); with `.seat`, later ones as they are plugged in.
    public convenience init(_ backend: Backend = .seat("seat0"), transform: TouchTransform) throws {
        self.init(devices: try LibInputContext(backend), transform: transform)
    }

    public init(devices: any InputDevices, transform: TouchTransform) {
        inputDevices = devices
        translator = TouchTranslator(transform: transform)
    }

    /// The mapping to UI coordinates; set it again when the mode or rotation changes.
    public var transform: TouchTransform {
        get { translator.transform }
        set { translator.transform = newValue }
    }

    public var fileDescriptor: Int32 { inputDevices.fileDescriptor }

    public var devices: [InputDeviceInfo]? { inputDevices.devices }

    public func readEvents() throws -> [InputEvent] {
        translator.translate(try inputDevices.read())
    }

    /// Gives the devices up (on a VT switch away); touches in progress are cancelled by the
    /// next `readEvents()`.
    public func suspend() {
        inputDevices.suspend()
    }

    public func resume() throws {
        try inputDevices.resume()
    }
}
