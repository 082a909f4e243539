import KioskCore

/// Turns raw input events into `TouchFrame`s in UI coordinates, and keys into `KeyEvent`s
/// in their place among them.
///
/// - Every contact (a device's seat slot, or a mouse with its button down) gets the lowest
///   free UI slot, 0..<TouchEvent.slotCount; contacts beyond that are ignored.
/// - Up and cancel carry the contact's last location.
/// - A device that goes away cancels its contacts. libinput itself lifts them first
///   (touch-ups in the frame just before DEVICE_REMOVED); those ups are turned into
///   cancels, because a finger that never left the glass must not trigger a tap.
/// - A mouse is a single touch: left button down/up, motion while down.
/// - A key comes after the touch frames completed before it.
public struct TouchTranslator: Sendable {
    public var transform: TouchTransform

    private struct ContactKey: Hashable {
        var device: Int
        var slot: Int
    }

    private struct Contact {
        var uiSlot: Int
        var location: TouchLocation
    }

    private struct Pointer {
        var x: Double
        var y: Double
        var pressed = false
    }

    /// Slot used for a mouse's contact key, distinct from any seat slot.
    private static let pointerSlot = -1

    private var contacts: [ContactKey: Contact] = [:]
    private var pointers: [Int: Pointer] = [:]
    private var pending: [TouchEvent] = []

    public init(transform: TouchTransform) {
        self.transform = transform
    }

    /// The number of contacts currently down.
    public var activeContactCount: Int { contacts.count }

    /// Translates one drained batch of events, in order. Give it whole batches: the
    /// removal rule looks ahead within the batch.
    public mutating func translate(_ events: [RawInputEvent]) -> [InputEvent] {
        let liftedByRemoval = Self.upsLiftedByRemoval(in: events)
        var frames: [InputEvent] = []
        for (index, event) in events.enumerated() {
            switch event {
            case let .touch(device, slot, phase, x, y, time):
                let effective = liftedByRemoval.contains(index) ? .cancel : phase
                touch(ContactKey(device: device, slot: slot), effective, x: x, y: y, time: time)
            case let .touchFrame(_, time):
                flush(at: time, into: &frames)
            case let .pointerMotion(device, dx, dy, time):
                var pointer = pointers[device] ?? centredPointer()
                pointer.x = min(max(pointer.x + dx, 0), transform.panelWidth - 1)
                pointer.y = min(max(pointer.y + dy, 0), transform.panelHeight - 1)
                pointerMoved(device, pointer, time: time, into: &frames)
            case let .pointerPosition(device, x, y, time):
                var pointer = pointers[device] ?? centredPointer()
                pointer.x = x * transform.panelWidth
                pointer.y = y * transform.panelHeight
                pointerMoved(device, pointer, time: time, into: &frames)
            case let .pointerButton(device, pressed, time):
                var pointer = pointers[device] ?? centredPointer()
                guard pointer.pressed != pressed else { continue }
                pointer.pressed = pressed
                pointers[device] = pointer
                let location = transform.uiLocation(panelX: pointer.x, panelY: pointer.y)
                let key = ContactKey(device: device, slot: Self.pointerSlot)
                contact(key, pressed ? .down : .up, location: location, time: time)
                flush(at: time, into: &frames)
            case let .deviceRemoved(device, time):
                pointers[device] = nil
                for key in contacts.keys.sorted(by: { contacts[$0]!.uiSlot < contacts[$1]!.uiSlot })
                where key.device == device {
                    contact(key, .cancel, location: nil, time: time)
                }
                flush(at: time, into: &frames)
            case let .key(_, code, pressed, time):
                frames.append(.key(KeyEvent(code: code, isPressed: pressed, timestamp: time)))
            }
        }
        return frames
    }

    /// Indices of touch-ups that libinput made up while removing a device: the ups (and
    /// their frame ends) of a device directly before that device's removal.
    private static func upsLiftedByRemoval(in events: [RawInputEvent]) -> Set<Int> {
        var lifted: Set<Int> = []
        for (index, event) in events.enumerated() {
            guard case let .deviceRemoved(removed, _) = event else { continue }
            var back = index - 1
            scan: while back >= 0 {
                switch events[back] {
                case let .touchFrame(device, _) where device == removed:
                    break
                case let .touch(device, _, .up, _, _, _) where device == removed:
                    lifted.insert(back)
                default:
                    break scan
                }
                back -= 1
            }
        }
        return lifted
    }

    private func centredPointer() -> Pointer {
        Pointer(x: transform.panelWidth / 2, y: transform.panelHeight / 2)
    }

    private mutating func pointerMoved(_ device: Int, _ pointer: Pointer, time: Microseconds,
                                       into frames: inout [InputEvent]) {
        pointers[device] = pointer
        guard pointer.pressed else { return }
        let location = transform.uiLocation(panelX: pointer.x, panelY: pointer.y)
        contact(ContactKey(device: device, slot: Self.pointerSlot), .move, location: location, time: time)
        flush(at: time, into: &frames)
    }

    private mutating func touch(_ key: ContactKey, _ phase: TouchPhase, x: Double?, y: Double?,
                                time: Microseconds) {
        var location: TouchLocation?
        if let x, let y {
            location = transform.uiLocation(normalizedX: x, normalizedY: y)
        }
        contact(key, phase, location: location, time: time)
    }

    /// Applies one phase to a contact and queues the resulting event, if any.
    private mutating func contact(_ key: ContactKey, _ phase: TouchPhase, location: TouchLocation?,
                                  time: Microseconds) {
        switch phase {
        case .down:
            guard contacts[key] == nil, let location,
                  let slot = (0..<TouchEvent.slotCount).first(where: { free in
                      !contacts.values.contains { $0.uiSlot == free }
                  })
            else { return }
            contacts[key] = Contact(uiSlot: slot, location: location)
            pending.append(TouchEvent(slot: slot, phase: .down, location: location, timestamp: time))
        case .move:
            guard var contact = contacts[key], let location else { return }
            contact.location = location
            contacts[key] = contact
            pending.append(TouchEvent(slot: contact.uiSlot, phase: .move, location: location, timestamp: time))
        case .up, .cancel:
            guard let contact = contacts.removeValue(forKey: key) else { return }
            pending.append(TouchEvent(slot: contact.uiSlot, phase: phase, location: contact.location, timestamp: time))
        }
    }

    private mutating func flush(at time: Microseconds, into frames: inout [InputEvent]) {
        guard !pending.isEmpty else { return }
        frames.append(.touch(TouchFrame(events: pending, timestamp: time)))
        pending.removeAll()
    }
}
