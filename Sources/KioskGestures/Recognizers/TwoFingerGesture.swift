/// Follows the first two fingers on a target, for pinch and rotation. Measurement starts
/// when the second finger lands; it stops when either lifts (a third finger is ignored).
struct TwoFingerTracker {
    /// Whether to follow the angle, which costs an arctangent per move; a pinch needs only
    /// the distance.
    let measuresRotation: Bool
    private(set) var slots: [Int] = []
    private var locations: [TouchLocation] = []
    private var startDistance = 0.0
    private var lastAngle = 0.0
    /// The angle turned since the second finger landed, unwrapped across ±π.
    private(set) var rotation = 0.0

    init(measuresRotation: Bool) { self.measuresRotation = measuresRotation }

    var isPair: Bool { slots.count == 2 }

    /// Current distance over the distance when the pair formed (1 when it formed at a point).
    var scale: Double {
        guard isPair, startDistance > 0 else { return 1 }
        return locations[0].distance(to: locations[1]) / startDistance
    }

    /// Takes a new finger if fewer than two are tracked.
    mutating func add(_ event: TouchEvent) {
        guard slots.count < 2 else { return }
        slots.append(event.slot)
        locations.append(event.location)
        if isPair {
            startDistance = locations[0].distance(to: locations[1])
            rotation = 0
            if measuresRotation { lastAngle = angle }
        }
    }

    /// Returns true when the event changed the pair's geometry.
    mutating func move(_ event: TouchEvent) -> Bool {
        guard let index = slots.firstIndex(of: event.slot) else { return false }
        locations[index] = event.location
        guard isPair else { return false }
        guard measuresRotation else { return true }
        let now = angle
        var delta = now - lastAngle
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        rotation += delta
        lastAngle = now
        return true
    }

    /// Forgets a lifted finger; returns true when it broke the pair.
    mutating func remove(_ event: TouchEvent) -> Bool {
        guard let index = slots.firstIndex(of: event.slot) else { return false }
        let wasPair = isPair
        slots.remove(at: index)
        locations.remove(at: index)
        return wasPair
    }

    mutating func reset() {
        slots.removeAll(keepingCapacity: true)
        locations.removeAll(keepingCapacity: true)
    }

    private var angle: Double {
        let d = locations[1] - locations[0]
        return atan2Approx(d.dy, d.dx)
    }
}

/// `atan2` without Foundation: KioskGestures imports nothing. Accurate to about 1e-9 rad
/// (a reduced argument and a short series), which is far below a finger's precision.
func atan2Approx(_ y: Double, _ x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    let ax = abs(x), ay = abs(y)
    let swap = ay > ax
    let t = swap ? ax / ay : ay / ax  // 0...1
    // atan(t) for t in [0,1]: reduce to [0, tan(π/12)] with atan(t) = π/6 + atan((t√3 − 1)/(√3 + t)).
    let root3 = 1.7320508075688772
    var reduced = t
    var offset = 0.0
    if t > 0.2679491924311227 {
        reduced = (t * root3 - 1) / (root3 + t)
        offset = .pi / 6
    }
    let r2 = reduced * reduced
    var series = 0.0
    var power = reduced
    var n = 1.0
    for _ in 0..<12 {
        series += power / n
        power *= -r2
        n += 2
    }
    var angle = offset + series
    if swap { angle = .pi / 2 - angle }
    if x < 0 { angle = .pi - angle }
    return y < 0 ? -angle : angle
}

/// The kind of two-finger measurement a `TwoFingerRecognizer` reports.
enum TwoFingerMeasure {
    /// Distance now over distance when the second finger landed (SwiftUI's magnification).
    case magnification(minimumDelta: Double)
    /// Radians turned since the second finger landed, positive clockwise on screen
    /// (y grows down), unwrapped so several turns keep adding up.
    case rotation(minimumDelta: Double)
}

/// SwiftUI's `MagnificationGesture`: begins once the scale moved `minimumScaleDelta` away
/// from 1, reports the scale on every move, ends with the last scale when a finger lifts.
/// Claims the touches once it began.
public struct MagnificationGesture: Gesture {
    public var minimumScaleDelta: Double

    public init(minimumScaleDelta: Double = 0.01) { self.minimumScaleDelta = minimumScaleDelta }

    public func makeRecognizer() -> TwoFingerRecognizer { TwoFingerRecognizer(.magnification(minimumDelta: minimumScaleDelta)) }
}

/// SwiftUI's `RotationGesture`: begins once the fingers turned `minimumAngleDelta` radians
/// (default 1°), reports the angle on every move, ends when a finger lifts.
public struct RotationGesture: Gesture {
    public var minimumAngleDelta: Double

    public init(minimumAngleDelta: Double = .pi / 180) { self.minimumAngleDelta = minimumAngleDelta }

    public func makeRecognizer() -> TwoFingerRecognizer { TwoFingerRecognizer(.rotation(minimumDelta: minimumAngleDelta)) }
}

public final class TwoFingerRecognizer: GestureRecognizer {
    private let measure: TwoFingerMeasure
    @exclusivity(unchecked) private var tracker: TwoFingerTracker
    @exclusivity(unchecked) private var began = false

    init(_ measure: TwoFingerMeasure) {
        self.measure = measure
        if case .rotation = measure {
            tracker = TwoFingerTracker(measuresRotation: true)
        } else {
            tracker = TwoFingerTracker(measuresRotation: false)
        }
    }

    private var value: Double {
        switch measure {
        case .magnification: tracker.scale
        case .rotation: tracker.rotation
        }
    }

    private var pastThreshold: Bool {
        switch measure {
        case .magnification(let minimum): abs(tracker.scale - 1) >= minimum
        case .rotation(let minimum): abs(tracker.rotation) >= minimum
        }
    }

    public func handle(_ event: TouchEvent, context: TouchContext, into phases: inout [GesturePhase<Double>]) {
        switch event.phase {
        case .down:
            if context.touchesOnTarget == 1 { tracker.reset(); began = false }
            tracker.add(event)
        case .move:
            guard tracker.move(event) else { return }
            if !began && pastThreshold { began = true }
            if began { phases.append(.changed(value)) }
        case .up, .cancel:
            let final = value
            guard tracker.remove(event) else { return }
            if began {
                phases.append(event.phase == .up ? .ended(final) : .cancelled)
            } else {
                phases.append(event.phase == .up ? .failed : .cancelled)
            }
            began = false
        }
    }

    public func advance(to time: Microseconds, into phases: inout [GesturePhase<Double>]) {}

    public func cancel(into phases: inout [GesturePhase<Double>]) {
        let wasPair = tracker.isPair
        tracker.reset()
        began = false
        if wasPair { phases.append(.cancelled) }
    }

    public var deadline: Microseconds? { nil }
    public var isClaiming: Bool { began }
    public var isIdle: Bool { tracker.slots.isEmpty }
}
