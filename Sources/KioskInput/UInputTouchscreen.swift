import CLibInput
import CKioskShim
import KioskGestures
#if canImport(Glibc)
import Glibc
#endif

/// A virtual multi-touch touchscreen made with uinput: what `kiosk touch` plays scripts
/// on, so the real evdev → udev → libinput path sees them. Destroyed on `close()` or
/// when the process ends (the kernel removes it with the file descriptor).
public final class UInputTouchscreen {
    public let name: String
    /// The evdev node the kernel made, e.g. /dev/input/event4.
    public private(set) var devicePath: String = ""
    private var fd: Int32
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
        fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            throw InputError.errno("open /dev/uinput")
        }
        do {
            try configure()
            try retryingEINTR("uinput create") { kiosk_uinput_dev_create(fd) }
            devicePath = try eventNode()
            waitForUdev(timeout: udevTimeout)
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    deinit {
        close()
    }

    /// Sends one frame (UI coordinates) as a single evdev report.
    public func send(_ frame: TouchFrame) throws {
        try write(encoder.encode(frame))
    }

    /// Lifts the contacts still down, then destroys the device.
    ///
    /// The device lives on for `linger` seconds first: a reader that got the last lifts and
    /// the removal in one batch could not tell them from libinput's own lifts on removal,
    /// and would cancel what the script lifted (`TouchTranslator`).
    public func finish(at time: Microseconds, linger: Double = 0.5) throws {
        try write(encoder.liftAll(at: time))
        usleep(UInt32(linger * 1_000_000))
        close()
    }

    /// Destroys the device at once: a reader sees it vanish, with any touch still down.
    public func close() {
        guard fd >= 0 else { return }
        _ = kiosk_uinput_dev_destroy(fd)
        Glibc.close(fd)
        fd = -1
    }

    private func configure() throws {
        let maxX = encoder.maximumX, maxY = encoder.maximumY
        try retryingEINTR("uinput EV_KEY") { kiosk_uinput_set_evbit(fd, EV_KEY) }
        try retryingEINTR("uinput BTN_TOUCH") { kiosk_uinput_set_keybit(fd, BTN_TOUCH) }
        try retryingEINTR("uinput EV_ABS") { kiosk_uinput_set_evbit(fd, EV_ABS) }
        try retryingEINTR("uinput INPUT_PROP_DIRECT") { kiosk_uinput_set_propbit(fd, INPUT_PROP_DIRECT) }
        let axes: [(Int32, Int32, Int32, Int32)] = [
            (ABS_X, 0, maxX, Self.resolution), (ABS_Y, 0, maxY, Self.resolution),
            (ABS_MT_SLOT, 0, Int32(TouchEvent.slotCount - 1), 0),
            (ABS_MT_TRACKING_ID, 0, 65535, 0),
            (ABS_MT_POSITION_X, 0, maxX, Self.resolution), (ABS_MT_POSITION_Y, 0, maxY, Self.resolution),
            (ABS_MT_TOOL_TYPE, 0, Int32(MT_TOOL_MAX), 0),
        ]
        for (code, minimum, maximum, resolution) in axes {
            try retryingEINTR("uinput axis \(code)") { kiosk_uinput_set_absbit(fd, code) }
            try retryingEINTR("uinput axis \(code) range") {
                kiosk_uinput_abs_setup(fd, UInt16(code), minimum, maximum, resolution)
            }
        }
        try retryingEINTR("uinput setup '\(name)'") { kiosk_uinput_dev_setup(fd, name, 0x4B55, 0x0001) }
    }

    /// Axis resolution in units per mm: 10 px/mm, a plausible panel density.
    private static let resolution: Int32 = 10

    /// Finds /dev/input/eventN through the device's sysfs directory.
    private func eventNode() throws -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        try retryingEINTR("uinput sysname") { kiosk_uinput_get_sysname(fd, &buffer, buffer.count) }
        let sysname = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let sysPath = "/sys/devices/virtual/input/" + sysname
        guard let directory = opendir(sysPath) else {
            throw InputError.errno("open \(sysPath)")
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if entryName.hasPrefix("event") {
                return "/dev/input/" + entryName
            }
        }
        throw InputError("uinput device \(sysPath)", reason: "has no event node (is the evdev module loaded?)")
    }

    /// Waits until udev has run its rules for the new node, since libinput's seat
    /// backend ignores a device udev has not tagged. Without udev there is nothing to wait for.
    private func waitForUdev(timeout: Double) {
        guard access("/run/udev/control", F_OK) == 0, let udev = udev_new() else { return }
        defer { udev_unref(udev) }
        let sysname = String(devicePath.split(separator: "/").last ?? "")
        let deadline = MonotonicClock.now() + Microseconds(timeout * 1_000_000)
        while MonotonicClock.now() < deadline {
            if let device = udev_device_new_from_subsystem_sysname(udev, "input", sysname) {
                let ready = udev_device_get_is_initialized(device) != 0
                udev_device_unref(device)
                if ready { return }
            }
            usleep(10_000)
        }
    }

    private func write(_ events: [UInputEvent]) throws {
        guard fd >= 0 else { throw InputError("uinput write", reason: "the device is closed") }
        var raw = events.map { event in
            var converted = input_event()
            converted.type = event.type
            converted.code = event.code
            converted.value = event.value
            return converted
        }
        let length = raw.count * MemoryLayout<input_event>.stride
        let written = try retryingEINTR("uinput write") { Int32(Glibc.write(fd, &raw, length)) }
        if Int(written) != length {
            throw InputError("uinput write", reason: "wrote \(written) of \(length) bytes")
        }
    }
}
