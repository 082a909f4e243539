import CLibInput
import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// libinput's context: the udev seat with hotplug, or explicit device paths, its events
/// reduced to `RawInputEvent`s (touch, a mouse, the keys of keyboards and keypads, devices
/// added and removed).
public final class LibInputContext: InputDevices {
    public enum Backend: Hashable, Sendable {
        /// Every input device udev assigns to the seat, as they come and go.
        case seat(String)
        /// Exactly these device nodes (e.g. /dev/input/event3); no udev needed.
        case paths([String])
    }

    private let context: OpaquePointer
    private let udev: OpaquePointer?
    private let interface: UnsafeMutablePointer<libinput_interface>
    private var known: [Int: InputDeviceInfo] = [:]

    /// Opens the backend. Devices present now are reported by the first `read()`
    /// (or `devices` after it); with `.seat`, later ones as they are plugged in.
    public init(_ backend: Backend) throws {
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, _ in
                guard let path else { return -EINVAL }
                let fd = open(path, flags | O_CLOEXEC)
                return fd >= 0 ? fd : -errno
            },
            close_restricted: { fd, _ in
                close(fd)
            }
        ))
        switch backend {
        case .seat(let seat):
            guard let udev = udev_new() else {
                interface.deallocate()
                throw InputError("udev_new", reason: "could not create a udev context")
            }
            guard let context = libinput_udev_create_context(interface, nil, udev) else {
                udev_unref(udev)
                interface.deallocate()
                throw InputError("libinput_udev_create_context", reason: "libinput could not start")
            }
            if libinput_udev_assign_seat(context, seat) != 0 {
                libinput_unref(context)
                udev_unref(udev)
                interface.deallocate()
                throw InputError("libinput seat \(seat)",
                                 reason: "could not assign the seat (is /run/udev there, is udev running?)")
            }
            self.udev = udev
            self.context = context
        case .paths(let paths):
            guard let context = libinput_path_create_context(interface, nil) else {
                interface.deallocate()
                throw InputError("libinput_path_create_context", reason: "libinput could not start")
            }
            for path in paths where libinput_path_add_device(context, path) == nil {
                libinput_unref(context)
                interface.deallocate()
                let hint = access(path, R_OK) == 0 ? "not an input device libinput accepts"
                    : String(cString: strerror(errno)) + " (root, or the 'input' group)"
                throw InputError("input device \(path)", reason: hint)
            }
            self.udev = nil
            self.context = context
        }
    }

    deinit {
        libinput_unref(context)
        if let udev { udev_unref(udev) }
        interface.deallocate()
    }

    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// The devices libinput has now, by node.
    public var devices: [InputDeviceInfo] { known.values.sorted { $0.node < $1.node } }

    public func read() throws -> [RawInputEvent] {
        let result = libinput_dispatch(context)
        if result < 0 {
            throw InputError.errno("libinput_dispatch", code: -result)
        }
        var raw: [RawInputEvent] = []
        while let event = libinput_get_event(context) {
            if let converted = convert(event) {
                raw.append(converted)
            }
            libinput_event_destroy(event)
        }
        return raw
    }

    /// Closes every device (on a VT switch away).
    public func suspend() {
        libinput_suspend(context)
    }

    /// Reopens the devices after `suspend()`.
    public func resume() throws {
        if libinput_resume(context) != 0 {
            throw InputError("libinput_resume", reason: "could not reopen the input devices")
        }
    }

    private func convert(_ event: OpaquePointer) -> RawInputEvent? {
        let device = libinput_event_get_device(event)
        let id = Int(bitPattern: UnsafeRawPointer(device))
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            if let device { known[id] = Self.info(device) }
            return nil
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            known[id] = nil
            return .deviceRemoved(device: id, time: MonotonicClock.now())
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let touch = libinput_event_get_touch_event(event)
            let phase: TouchPhase = libinput_event_get_type(event) == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .move
            return .touch(device: id, slot: Int(libinput_event_touch_get_seat_slot(touch)), phase: phase,
                          x: libinput_event_touch_get_x_transformed(touch, 1),
                          y: libinput_event_touch_get_y_transformed(touch, 1),
                          time: Microseconds(libinput_event_touch_get_time_usec(touch)))
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            let touch = libinput_event_get_touch_event(event)
            let phase: TouchPhase = libinput_event_get_type(event) == LIBINPUT_EVENT_TOUCH_UP ? .up : .cancel
            return .touch(device: id, slot: Int(libinput_event_touch_get_seat_slot(touch)), phase: phase,
                          x: nil, y: nil, time: Microseconds(libinput_event_touch_get_time_usec(touch)))
        case LIBINPUT_EVENT_TOUCH_FRAME:
            let touch = libinput_event_get_touch_event(event)
            return .touchFrame(device: id, time: Microseconds(libinput_event_touch_get_time_usec(touch)))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let keyboard = libinput_event_get_keyboard_event(event)
            return .key(device: id, code: libinput_event_keyboard_get_key(keyboard),
                        pressed: libinput_event_keyboard_get_key_state(keyboard) == LIBINPUT_KEY_STATE_PRESSED,
                        time: Microseconds(libinput_event_keyboard_get_time_usec(keyboard)))
        case LIBINPUT_EVENT_POINTER_MOTION:
            let pointer = libinput_event_get_pointer_event(event)
            return .pointerMotion(device: id, dx: libinput_event_pointer_get_dx(pointer),
                                  dy: libinput_event_pointer_get_dy(pointer),
                                  time: Microseconds(libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput_event_get_pointer_event(event)
            return .pointerPosition(device: id, x: libinput_event_pointer_get_absolute_x_transformed(pointer, 1),
                                    y: libinput_event_pointer_get_absolute_y_transformed(pointer, 1),
                                    time: Microseconds(libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput_event_get_pointer_event(event)
            guard libinput_event_pointer_get_button(pointer) == UInt32(Self.leftButton) else { return nil }
            return .pointerButton(device: id,
                                  pressed: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED,
                                  time: Microseconds(libinput_event_pointer_get_time_usec(pointer)))
        default:
            return nil
        }
    }

    /// BTN_LEFT from linux/input-event-codes.h.
    private static let leftButton = 0x110

    private static func info(_ device: OpaquePointer) -> InputDeviceInfo {
        let capabilities: [(libinput_device_capability, String)] = [
            (LIBINPUT_DEVICE_CAP_TOUCH, "touch"), (LIBINPUT_DEVICE_CAP_POINTER, "pointer"),
            (LIBINPUT_DEVICE_CAP_KEYBOARD, "keyboard"), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, "tablet"),
            (LIBINPUT_DEVICE_CAP_GESTURE, "gesture"), (LIBINPUT_DEVICE_CAP_SWITCH, "switch"),
        ]
        var width = 0.0, height = 0.0
        let hasSize = libinput_device_get_size(device, &width, &height) == 0
        return InputDeviceInfo(
            node: "/dev/input/" + String(cString: libinput_device_get_sysname(device)),
            name: String(cString: libinput_device_get_name(device)),
            capabilities: capabilities.filter { libinput_device_has_capability(device, $0.0) != 0 }.map(\.1),
            widthMillimetres: hasSize ? width : nil,
            heightMillimetres: hasSize ? height : nil
        )
    }
}
