import CKioskShim
import KioskCore

/// One evdev event as written to /dev/uinput.
public struct UInputEvent: Hashable, Sendable, CustomStringConvertible {
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(type: Int32, code: Int32, value: Int32) {
        self.type = UInt16(type)
        self.code = UInt16(code)
        self.value = value
    }

    public var description: String { "(\(type) \(code) \(value))" }
}

/// Encodes touch frames (UI coordinates) as the evdev events of a type-B multi-touch
/// touchscreen, one SYN_REPORT per frame. Pure: `UInputTouchscreen` writes the result.
///
/// A cancel becomes ABS_MT_TOOL_TYPE = MT_TOOL_PALM followed by the lift, which libinput
/// reports as TOUCH_CANCEL; every new contact first sets the tool back to MT_TOOL_FINGER.
/// ABS_X/ABS_Y and BTN_TOUCH follow the lowest active slot (single-touch emulation), as
/// kernel drivers do, so udev classifies the device as a touchscreen.
public struct UInputEncoder: Sendable {
    public var transform: TouchTransform
    private var currentSlot: Int32 = 0
    private var nextTrackingID: Int32 = 1
    private var active: [Int: (x: Int32, y: Int32)] = [:]
    private var touching = false

    public init(transform: TouchTransform) {
        self.transform = transform
    }

    /// The axis maxima: the panel's pixel size minus one (the range starts at 0).
    public var maximumX: Int32 { Int32(transform.panelWidth) - 1 }
    public var maximumY: Int32 { Int32(transform.panelHeight) - 1 }

    /// The touchscreen these events are written to: INPUT_PROP_DIRECT, BTN_TOUCH, type-B
    /// slots with tracking ids and tool types, and ABS_X/ABS_Y for the pointer emulation,
    /// covering the panel at 10 units per mm (a plausible panel density).
    public func capabilities(name: String) -> UInputCapabilities {
        let x = AbsoluteAxis(minimum: 0, maximum: maximumX, resolution: 10)
        let y = AbsoluteAxis(minimum: 0, maximum: maximumY, resolution: 10)
        let axes: [Int32: AbsoluteAxis] = [
            ABS_X: x, ABS_Y: y,
            ABS_MT_SLOT: AbsoluteAxis(minimum: 0, maximum: Int32(TouchEvent.slotCount - 1)),
            ABS_MT_TRACKING_ID: AbsoluteAxis(minimum: 0, maximum: 65535),
            ABS_MT_POSITION_X: x, ABS_MT_POSITION_Y: y,
            ABS_MT_TOOL_TYPE: AbsoluteAxis(minimum: 0, maximum: Int32(MT_TOOL_MAX)),
        ]
        return UInputCapabilities(
            name: name,
            identity: InputDeviceIdentity(bustype: UInt16(BUS_VIRTUAL), vendor: 0x4B55, product: 0x0001),
            codes: [UInt16(EV_KEY): [UInt16(BTN_TOUCH)], UInt16(EV_ABS): Set(axes.keys.map { UInt16($0) })],
            axes: Dictionary(uniqueKeysWithValues: axes.map { (UInt16($0.key), $0.value) }),
            properties: [UInt16(INPUT_PROP_DIRECT)])
    }

    /// The events for one frame, ending in SYN_REPORT. Events for slots out of range, a
    /// second down on a held slot, or a move/up/cancel on a free slot are skipped.
    public mutating func encode(_ frame: TouchFrame) -> [UInputEvent] {
        var out: [UInputEvent] = []
        for event in frame.events where (0..<TouchEvent.slotCount).contains(event.slot) {
            let isDown = active[event.slot] != nil
            guard (event.phase == .down) != isDown else { continue }
            let slot = Int32(event.slot)
            if slot != currentSlot {
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_SLOT, value: slot))
                currentSlot = slot
            }
            switch event.phase {
            case .down:
                let point = panelPoint(event.location)
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_TOOL_TYPE, value: Int32(MT_TOOL_FINGER)))
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_TRACKING_ID, value: nextTrackingID))
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_POSITION_X, value: point.x))
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_POSITION_Y, value: point.y))
                nextTrackingID = nextTrackingID == Int32.max ? 1 : nextTrackingID + 1
                active[event.slot] = point
            case .move:
                let point = panelPoint(event.location)
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_POSITION_X, value: point.x))
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_POSITION_Y, value: point.y))
                active[event.slot] = point
            case .up:
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_TRACKING_ID, value: -1))
                active[event.slot] = nil
            case .cancel:
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_TOOL_TYPE, value: Int32(MT_TOOL_PALM)))
                out.append(UInputEvent(type: EV_ABS, code: ABS_MT_TRACKING_ID, value: -1))
                active[event.slot] = nil
            }
        }
        out += singleTouchEmulation()
        out.append(UInputEvent(type: EV_SYN, code: SYN_REPORT, value: 0))
        return out
    }

    /// The events that lift every contact still down (used before destroying the device
    /// on a normal end; an interrupted run destroys the device instead).
    public mutating func liftAll(at time: Microseconds) -> [UInputEvent] {
        let events = active.keys.sorted().map {
            TouchEvent(slot: $0, phase: .up, location: TouchLocation(x: 0, y: 0), timestamp: time)
        }
        return events.isEmpty ? [] : encode(TouchFrame(events: events, timestamp: time))
    }

    private func panelPoint(_ location: TouchLocation) -> (x: Int32, y: Int32) {
        let panel = transform.panelLocation(location)
        let x = min(max(panel.x.rounded(), 0), Double(maximumX))
        let y = min(max(panel.y.rounded(), 0), Double(maximumY))
        return (Int32(x), Int32(y))
    }

    private mutating func singleTouchEmulation() -> [UInputEvent] {
        var out: [UInputEvent] = []
        let nowTouching = !active.isEmpty
        if nowTouching != touching {
            out.append(UInputEvent(type: EV_KEY, code: BTN_TOUCH, value: nowTouching ? 1 : 0))
            touching = nowTouching
        }
        if let first = active.keys.min(), let point = active[first] {
            out.append(UInputEvent(type: EV_ABS, code: ABS_X, value: point.x))
            out.append(UInputEvent(type: EV_ABS, code: ABS_Y, value: point.y))
        }
        return out
    }
}
