import CKioskShim
import KioskCore

/// A virtual keypad made with uinput, with the navigation and typing keys (`KeyEvent.Key`): what
/// `kiosk touch` presses a script's `key` lines on, so the real evdev → udev → libinput
/// path sees them.
public final class UInputKeyboard {
    /// The evdev node the kernel made, e.g. /dev/input/event5.
    public var devicePath: String { device.devicePath }
    private let device: UInputDevice

    /// Creates the device and waits (up to `udevTimeout` seconds) until udev has classified it.
    public init(name: String = "KioskUI virtual keypad", udevTimeout: Double = 5) throws {
        let keys = Set(KeyEvent.Key.allCases.map { UInt16($0.code) })
        device = try UInputDevice(UInputCapabilities(
            name: name, identity: InputDeviceIdentity(bustype: UInt16(BUS_VIRTUAL), vendor: 0x4B55, product: 0x0002),
            codes: [UInt16(EV_KEY): keys], axes: [:], properties: []), udevTimeout: udevTimeout)
    }

    /// Presses or releases a key, as one evdev report.
    public func send(_ key: KeyEvent) throws {
        try device.write([UInputEvent(type: EV_KEY, code: Int32(key.code), value: key.isPressed ? 1 : 0),
                          UInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0)])
    }

    public func close() {
        device.close()
    }
}
