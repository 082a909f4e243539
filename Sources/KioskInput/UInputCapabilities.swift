import CKioskShim

/// One absolute axis as evdev describes it (struct input_absinfo without its value).
public struct AbsoluteAxis: Hashable, Sendable {
    public var minimum: Int32
    public var maximum: Int32
    /// Noise the kernel filters out: changes smaller than this are dropped.
    public var fuzz: Int32
    /// The dead zone around the centre (joysticks); 0 on touchscreens.
    public var flat: Int32
    /// Units per millimetre; libinput needs it for a touchscreen's size.
    public var resolution: Int32

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// Why uinput would refuse this axis (its UI_DEV_CREATE checks), or nil. The kernel
    /// rejects an inverted range: a panel whose axes run backwards reports a normal range
    /// and needs a calibration matrix instead.
    public var kernelProblem: String? {
        if maximum < minimum && (minimum != 0 || maximum != 0) {
            return "minimum \(minimum) is above maximum \(maximum); the kernel refuses inverted ranges"
                + " (a panel that reports its axes backwards needs a calibration matrix instead)"
        }
        let (range, overflow) = maximum.subtractingReportingOverflow(minimum)
        if !overflow && flat > range {
            return "flat \(flat) is larger than the range \(minimum)...\(maximum)"
        }
        return nil
    }
}

/// The bus, vendor, product and version of an input device (struct input_id).
public struct InputDeviceIdentity: Hashable, Sendable {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16 = 0) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }
}

/// One request of a uinput device's setup, in the order `UInputDevice` makes them.
public enum UInputSetupStep: Hashable, Sendable, CustomStringConvertible {
    case eventType(UInt16)
    case code(type: UInt16, code: UInt16)
    case property(UInt16)
    case axis(code: UInt16, AbsoluteAxis)
    case device(name: String, InputDeviceIdentity)

    public var description: String {
        switch self {
        case .eventType(let type):
            return "event type \(type)"
        case .code(let type, let code):
            return "event type \(type) code \(code)"
        case .property(let property):
            return "property \(property)"
        case .axis(let code, let axis):
            return "axis \(code): \(axis.minimum)...\(axis.maximum) fuzz \(axis.fuzz) flat \(axis.flat) resolution \(axis.resolution)"
        case .device(let name, let id):
            return "device \"\(name)\" bus \(id.bustype) vendor \(id.vendor) product \(id.product) version \(id.version)"
        }
    }
}

/// What a uinput device is made with: the evdev name, id, event codes, absolute axes and
/// properties of a device, as `libinput record` writes them down. Pure: `UInputDevice`
/// makes the requests `setupSteps` lists.
public struct UInputCapabilities: Hashable, Sendable {
    public var name: String
    public var identity: InputDeviceIdentity
    /// Event codes by event type (EV_KEY: BTN_TOUCH, EV_ABS: ABS_X ...); EV_SYN is implied.
    public var codes: [UInt16: Set<UInt16>]
    /// The range of every EV_ABS code.
    public var axes: [UInt16: AbsoluteAxis]
    /// Input properties (INPUT_PROP_DIRECT for a touchscreen).
    public var properties: Set<UInt16>

    public init(name: String, identity: InputDeviceIdentity, codes: [UInt16: Set<UInt16>],
                axes: [UInt16: AbsoluteAxis], properties: Set<UInt16>) {
        self.name = name
        self.identity = identity
        self.codes = codes
        self.axes = axes
        self.properties = properties
    }

    /// uinput keeps 79 bytes of a name (UINPUT_MAX_NAME_SIZE with its NUL).
    public static let maximumNameLength = Int(UINPUT_MAX_NAME_SIZE) - 1

    /// The largest multi-touch slot count a replayed device may have: the kernel allocates
    /// state per slot, and no touchscreen has more than a few dozen.
    public static let maximumSlots = 64

    /// The highest code of each event type uinput can be given codes for; other types
    /// (EV_SND, EV_FF, EV_REP ...) are not touch input and are not replayed.
    public static let maximumCodes: [UInt16: UInt16] = [
        UInt16(EV_KEY): UInt16(KEY_MAX), UInt16(EV_REL): UInt16(REL_MAX), UInt16(EV_ABS): UInt16(ABS_MAX),
        UInt16(EV_MSC): UInt16(MSC_MAX), UInt16(EV_SW): UInt16(SW_MAX), UInt16(EV_LED): UInt16(LED_MAX),
    ]

    /// SYN_REPORT, SYN_CONFIG and SYN_MT_REPORT: what a device writes besides its codes.
    public static let synchronisationCodes: Set<UInt16> = [UInt16(SYN_REPORT), UInt16(SYN_CONFIG), UInt16(SYN_MT_REPORT)]

    public static let maximumProperty = UInt16(INPUT_PROP_MAX)

    /// Whether the device can send this event (so the kernel passes it on).
    public func supports(type: UInt16, code: UInt16) -> Bool {
        if type == UInt16(EV_SYN) { return Self.synchronisationCodes.contains(code) }
        return codes[type]?.contains(code) ?? false
    }

    /// The uinput requests that make this device: each event type with its codes, the
    /// properties, each axis's range, then the name and id.
    public var setupSteps: [UInputSetupStep] {
        var steps: [UInputSetupStep] = []
        for type in codes.keys.sorted() {
            steps.append(.eventType(type))
            steps += codes[type, default: []].sorted().map { .code(type: type, code: $0) }
        }
        steps += properties.sorted().map { .property($0) }
        steps += axes.sorted { $0.key < $1.key }.map { .axis(code: $0.key, $0.value) }
        steps.append(.device(name: name, identity))
        return steps
    }
}
