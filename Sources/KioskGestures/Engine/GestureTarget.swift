/// A gesture attached to a target under a name. The name identifies it in outputs and
/// across `GestureEngine.setTarget` updates: a gesture whose name stays keeps its state,
/// so re-registering targets on every layout does not disturb a touch in progress.
///
/// Gestures on one target run side by side, except that a gesture can wait for others to
/// fail (UIKit's `require(toFail:)`): its reports are held while any gesture named in
/// `waitsFor` is under way, come out when they all failed (stamped with that time), and are
/// dropped if one succeeded. A `TapGesture` waits by itself for the target's taps with a
/// higher count, so a single tap waits for a double tap only when one is attached.
public struct AttachedGesture {
    public let name: String
    /// How it competes with the other recognizers under the same finger.
    public var arbitration = GestureArbitration.normal
    /// Gestures of the same target whose failure this one waits for.
    public let waitsFor: [String]
    /// The count of a plain `TapGesture`, for the automatic waiting of taps.
    @usableFromInline let tapCount: Int?
    @usableFromInline let makeMember: (TargetRecord) -> GestureMember

    @inlinable
    public init<G: Gesture>(_ name: String, _ gesture: G, waitsFor: [String] = []) where G.Value: Hashable & Sendable {
        self.name = name
        self.waitsFor = waitsFor
        tapCount = (gesture as? TapGesture)?.count
        makeMember = { owner in
            let recognizer = gesture.makeRecognizer()
            let reporter = PhaseReporter<G.Value>(name: name, target: owner.id)
            return GestureMember(owner: owner, functions: GestureMember.Functions(
                handle: { event, context, time, out in
                    recognizer.handle(event, context: context, into: &reporter.phases)
                    return reporter.flush(at: time, into: &out)
                },
                advance: { time, out in
                    recognizer.advance(to: time, into: &reporter.phases)
                    return reporter.flush(at: time, into: &out)
                },
                cancel: { time, out in
                    recognizer.cancel(into: &reporter.phases)
                    return reporter.flush(at: time, into: &out)
                },
                deadline: { recognizer.deadline },
                isClaiming: { recognizer.isClaiming },
                isIdle: { recognizer.isIdle }
            ))
        }
    }

    /// Names of the gestures among `all` that this one waits for.
    func blockers(among all: [AttachedGesture]) -> Set<String> {
        var names = Set(waitsFor)
        if let count = tapCount {
            for other in all where (other.tapCount ?? 0) > count { names.insert(other.name) }
        }
        names.remove(name)
        return names
    }
}

/// How an attached gesture competes in its arena (SwiftUI's `gesture`,
/// `simultaneousGesture` and `highPriorityGesture`).
public enum GestureArbitration: Hashable, Sendable {
    /// Claims and is cancelled by claims like any recognizer.
    case normal
    /// Runs alongside the others: it neither claims the touch nor is cancelled by a claim.
    case simultaneous
    /// Sees each touch before the others; when it claims or succeeds, the others (but the
    /// simultaneous ones) are cancelled.
    case highPriority
}

/// Something on screen that takes touches: a button, a slider, a photo that pinches.
public struct GestureTarget {
    /// Stable across view updates; outputs name it.
    public var id: String
    /// Used for hit testing unless `hitTest` is given, and by the out-of-bounds canceller.
    public var frame: Rect
    /// A shape-accurate hit test (a circle button, a capsule); nil uses `frame`.
    public var hitTest: ((TouchLocation) -> Bool)?
    /// Touch-up-inside behaviour; nil for targets that only have gestures.
    public var button: ButtonPress?
    public var gestures: [AttachedGesture]

    public init(
        id: String,
        frame: Rect,
        hitTest: ((TouchLocation) -> Bool)? = nil,
        button: ButtonPress? = nil,
        gestures: [AttachedGesture] = []
    ) {
        self.id = id
        self.frame = frame
        self.hitTest = hitTest
        self.button = button
        self.gestures = gestures
    }
}

/// The engine's live record of a target: its description, the recognizers made from it,
/// the touches down on it and the actions added to it.
@usableFromInline
final class TargetRecord {
    @usableFromInline let id: String?
    @exclusivity(unchecked) var frame: Rect
    @exclusivity(unchecked) var hitTest: ((TouchLocation) -> Bool)?
    @exclusivity(unchecked) var button: ButtonMember?
    @exclusivity(unchecked) var gestures: [(name: String, member: GestureMember)] = []
    @exclusivity(unchecked) var touchCount = 0
    @exclusivity(unchecked) var actions: [(id: Int, run: (TriggerCause) -> Void)] = []
    /// Gestures set while one of the record's was under way, to attach once all are idle.
    @exclusivity(unchecked) var newestGestures: [AttachedGesture]?

    init(id: String?, frame: Rect) {
        self.id = id
        self.frame = frame
    }

    func contains(_ location: TouchLocation) -> Bool {
        hitTest?(location) ?? frame.contains(location)
    }

    /// Button first, then gestures in attachment order: the order outputs come in.
    var members: [ArenaMember] {
        var all: [ArenaMember] = []
        all.reserveCapacity(gestures.count + 1)
        if let button { all.append(button) }
        for gesture in gestures { all.append(gesture.member) }
        return all
    }

    var context: TouchContext { TouchContext(frame: frame, touchesOnTarget: touchCount) }

    /// How many of its gestures wait for others to fail.
    var waitingGestures: Int { gestures.count { !$0.member.blockers.isEmpty } }
}
