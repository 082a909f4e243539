import KioskDisplay
import KioskGraphics

/// Follows a touch that changed the screen to the flip that shows it: the touch waits
/// until a frame with its change is presented, then for the flip count to reach that frame;
/// the flips and the time between are one sample. Only outputs that count flips take part.
struct TouchLatencyTracker {
    private(set) var latencies = TouchLatencies()
    private var unshownTouch: (time: Microseconds, flipsAtArrival: Int)?
    private var touchInFlight: (time: Microseconds, flipsAtArrival: Int, shownAfter: Int)?

    /// A touch arrived at `time`; `changedScreen` says whether the scene needs a frame for it
    /// (one that changes nothing on screen has no flip to wait for).
    mutating func touchArrived(at time: Microseconds, changedScreen: Bool, flips: FlipCount?) {
        guard unshownTouch == nil, let flips, changedScreen else { return }
        unshownTouch = (time, flips.shown)
    }

    /// A frame with `damage` went to the display.
    mutating func framePresented(damage: Region, flips: FlipCount?) {
        guard let flips, let touch = unshownTouch, !damage.isEmpty else { return }
        unshownTouch = nil
        touchInFlight = (touch.time, touch.flipsAtArrival, flips.shown + (flips.isPending ? 1 : 0))
        flipsAdvanced(flips)
    }

    /// The display's flip count moved on (page-flip events were read).
    mutating func flipsAdvanced(_ flips: FlipCount?) {
        guard let flips, let touch = touchInFlight, flips.shown >= touch.shownAfter else { return }
        touchInFlight = nil
        latencies.append(.init(frames: flips.shown - touch.flipsAtArrival, microseconds: flips.lastShownTime - touch.time))
    }
}
