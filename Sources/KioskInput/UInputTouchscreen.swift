import CKioskShim
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// A virtual multi-touch touchscreen made with uinput: what `kiosk touch` plays scripts
/// on, so the real evdev → udev → libinput path sees them. Destroyed on `close()` or
/// when the process ends (the kernel removes it with the file descriptor).
public final class UInputTouchscreen {
    public let name: String
    /// The evdev node the kernel made, e.g. /dev/input/event4.
    public var devicePath: String { device.devicePath }
    private let device: UInputDevice
    private var encoder: UInputEncoder

    /// Creates the device with axes covering `transform`'s panel size and waits (up to
    /// `udevTimeout` seconds) until udev has classified it, when udev is running.
    public init(name: String = "KioskUI virtual touchscreen", transform: TouchTransform,
                udevTimeout: Double = 5) throws {
        guard transform.panelWidth >= 1, transform.panelHeight >= 1,
              transform.panelWidth <= 65536, transform.panelHeight <= 65536 else {
            throw InputError("uinput touchscreen", reason: "size must be 1...65536 pixels on each side")
        }
        self.name = name
        encoder = UInputEncoder(transform: transform)
        device = try UInputDevice(encoder.capabilities(name: name), udevTimeout: udevTimeout)
    }

    /// Sends one frame (UI coordinates) as a single evdev report.
    public func send(_ frame: TouchFrame) throws {
        try device.write(encoder.encode(frame))
    }

    /// Lifts the contacts still down, then destroys the device.
    ///
    /// The device lives on for `linger` seconds first: a reader that got the last lifts and
    /// the removal in one batch could not tell them from libinput's own lifts on removal,
    /// and would cancel what the script lifted (`TouchTranslator`).
    public func finish(at time: Microseconds, linger: Double = 0.5) throws {
        try device.write(encoder.liftAll(at: time))
        usleep(UInt32(linger * 1_000_000))
        close()
    }

    /// Destroys the device at once: a reader sees it vanish, with any touch still down.
    public func close() {
        device.close()
    }
}
