import CLibInput
import CKioskShim
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// A virtual input device made with uinput from a set of capabilities: the layer under
/// `kiosk touch`'s touchscreen and `kiosk replay`'s recorded devices, so the real evdev →
/// udev → libinput path sees what they write. Destroyed on `close()` or when the process
/// ends (the kernel removes it with the file descriptor).
public final class UInputDevice {
    public let capabilities: UInputCapabilities
    /// The evdev node the kernel made, e.g. /dev/input/event4.
    public private(set) var devicePath: String = ""
    private var fd: Int32

    /// Creates the device and waits (up to `udevTimeout` seconds) until udev has
    /// classified it, when udev is running.
    public init(_ capabilities: UInputCapabilities, udevTimeout: Double = 5) throws {
        self.capabilities = capabilities
        fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            throw InputError.errno("open /dev/uinput")
        }
        do {
            for step in capabilities.setupSteps {
                try perform(step)
            }
            try retryingEINTR("uinput create '\(capabilities.name)'", as: InputError.self) { kiosk_uinput_dev_create(fd) }
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

    /// Writes events in one write(2): a reader sees them in one batch.
    public func write(_ events: [UInputEvent]) throws {
        guard fd >= 0 else { throw InputError("uinput write", reason: "the device is closed") }
        guard !events.isEmpty else { return }
        var raw = events.map { event in
            var converted = input_event()
            converted.type = event.type
            converted.code = event.code
            converted.value = event.value
            return converted
        }
        let length = raw.count * MemoryLayout<input_event>.stride
        let written = try retryingEINTR("uinput write", as: InputError.self) { Int32(Glibc.write(fd, &raw, length)) }
        if Int(written) != length {
            throw InputError("uinput write", reason: "wrote \(written) of \(length) bytes")
        }
    }

    /// Destroys the device at once: a reader sees it vanish, with any touch still down.
    public func close() {
        guard fd >= 0 else { return }
        _ = kiosk_uinput_dev_destroy(fd)
        Glibc.close(fd)
        fd = -1
    }

    private func perform(_ step: UInputSetupStep) throws {
        switch step {
        case .eventType(let type):
            try retryingEINTR("uinput event type \(type)", as: InputError.self) { kiosk_uinput_set_evbit(fd, Int32(type)) }
        case .code(let type, let code):
            try retryingEINTR("uinput event code \(type)/\(code)", as: InputError.self) { kiosk_uinput_set_codebit(fd, Int32(type), Int32(code)) }
        case .property(let property):
            try retryingEINTR("uinput property \(property)", as: InputError.self) { kiosk_uinput_set_propbit(fd, Int32(property)) }
        case .axis(let code, let axis):
            try retryingEINTR("uinput axis \(code) range", as: InputError.self) {
                kiosk_uinput_abs_setup(fd, code, axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution)
            }
        case .device(let name, let id):
            try retryingEINTR("uinput setup '\(name)'", as: InputError.self) {
                kiosk_uinput_dev_setup(fd, name, id.bustype, id.vendor, id.product, id.version)
            }
        }
    }

    /// Finds /dev/input/eventN through the device's sysfs directory.
    private func eventNode() throws -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        try retryingEINTR("uinput sysname", as: InputError.self) { kiosk_uinput_get_sysname(fd, &buffer, buffer.count) }
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
}
