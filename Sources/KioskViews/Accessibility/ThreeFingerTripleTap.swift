import KioskGestures

/// The user's own way to switch the screen reader on and off: three fingers tapping three
/// times, a gesture no kiosk screen uses for anything else. It watches every touch in both
/// modes, beside whatever else the touches do.
struct ThreeFingerTripleTap {
    /// The longest a three-finger tap may last, from its first finger down to its last up.
    var maximumTapDuration: Microseconds = 400_000
    /// The longest pause between two of the taps.
    var maximumInterval: Microseconds = 500_000
    /// How far a finger may move during a tap.
    var slop: Double = 40

    private var down: [Int: TouchLocation] = [:]
    private var tapStart: Microseconds?
    private var fingersInTap = 0
    private var moved = false
    private var taps = 0
    private var lastTapEnd: Microseconds?

    /// True when this frame completes the third tap.
    mutating func feed(_ frame: TouchFrame) -> Bool {
        var completed = false
        for event in frame.events {
            switch event.phase {
            case .down:
                if down.isEmpty {
                    if let end = lastTapEnd, event.timestamp - end > maximumInterval { taps = 0 }
                    tapStart = event.timestamp
                    fingersInTap = 0
                    moved = false
                }
                down[event.slot] = event.location
                fingersInTap = max(fingersInTap, down.count)
            case .move:
                // Once moved, the tap is off until every finger lifts: a drag's moves look nothing up.
                guard !moved, let start = down[event.slot] else { continue }
                let dx = event.location.x - start.x, dy = event.location.y - start.y
                if dx * dx + dy * dy > slop * slop { moved = true }
            case .up, .cancel:
                guard down.removeValue(forKey: event.slot) != nil, down.isEmpty, let start = tapStart else { continue }
                let isTap = event.phase == .up && fingersInTap == 3 && !moved && event.timestamp - start <= maximumTapDuration
                taps = isTap ? taps + 1 : 0
                lastTapEnd = event.timestamp
                if taps == 3 {
                    taps = 0
                    completed = true
                }
            }
        }
        return completed
    }
}
