import CKioskShim

/// A virtual headphone jack made with uinput: an evdev switch device with
/// SW_HEADPHONE_INSERT, as a sound card's codec driver makes one.
public final class UInputHeadphoneJack {
    /// The evdev node the kernel made, e.g. /dev/input/event6.
    public var devicePath: String { device.devicePath }
    private let device: UInputDevice

    /// Creates the jack with nothing plugged in.
    public init(name: String = "KioskUI virtual headphone jack", udevTimeout: Double = 5) throws {
        device = try UInputDevice(UInputCapabilities(
            name: name, identity: InputDeviceIdentity(bustype: UInt16(BUS_VIRTUAL), vendor: 0x4B55, product: 0x0003),
            codes: [UInt16(EV_SW): [UInt16(SW_HEADPHONE_INSERT)]], axes: [:], properties: []), udevTimeout: udevTimeout)
    }

    /// Headphones go in (true) or come out.
    public func plug(_ pluggedIn: Bool) throws {
        try device.write([UInputEvent(type: EV_SW, code: SW_HEADPHONE_INSERT, value: pluggedIn ? 1 : 0),
                          UInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0)])
    }

    public func close() {
        device.close()
    }
}
