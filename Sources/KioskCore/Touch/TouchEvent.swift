/// A location in UI pixels (x right, y down), after rotation and calibration: a point of
/// the UI's own geometry, so hit tests compare it with frames as they are.
public typealias TouchLocation = Point

public enum TouchPhase: String, Hashable, Sendable {
    case down, move, up, cancel
}

/// One contact's change. `up` and `cancel` carry the slot's last known location, since
/// libinput reports none for them.
public struct TouchEvent: Hashable, Sendable {
    /// Multi-touch slot, 0..<TouchEvent.slotCount.
    public var slot: Int
    public var phase: TouchPhase
    public var location: TouchLocation
    public var timestamp: Microseconds

    public static let slotCount = 10

    public init(slot: Int, phase: TouchPhase, location: TouchLocation, timestamp: Microseconds) {
        self.slot = slot
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}

/// The events of one hardware frame (libinput's TOUCH_FRAME, or one time in a touch script).
public struct TouchFrame: Hashable, Sendable {
    public var events: [TouchEvent]
    public var timestamp: Microseconds

    public init(events: [TouchEvent], timestamp: Microseconds) {
        self.events = events
        self.timestamp = timestamp
    }
}
