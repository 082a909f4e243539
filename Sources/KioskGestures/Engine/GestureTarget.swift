/// A gesture attached to a target under a name. The name identifies it in outputs and
/// across `GestureEngine.setTarget` updates: a gesture whose name stays keeps its state,
/// so re-registering targets on every layout does not disturb a touch in progress.
public struct AttachedGesture {
    public let name: String
    let makeMember: (TargetRecord) -> ArenaMember

    public init<G: Gesture>(_ name: String, _ gesture: G) where G.Value: Hashable & Sendable {
        self.name = name
        makeMember = { owner in
            let recognizer = gesture.makeRecognizer()
            let reporter = PhaseReporter<G.Value>(name: name, target: owner.id)
            return GestureMember(owner: owner, functions: GestureMember.Functions(
                handle: { event, context, time, out in
                    recognizer.handle(event, context: context, into: &reporter.phases)
                    reporter.flush(at: time, into: &out)
                },
                advance: { time, out in
                    recognizer.advance(to: time, into: &reporter.phases)
                    reporter.flush(at: time, into: &out)
                },
                cancel: { time, out in
                    recognizer.cancel(into: &reporter.phases)
                    reporter.flush(at: time, into: &out)
                },
                deadline: { recognizer.deadline },
                isClaiming: { recognizer.isClaiming },
                isIdle: { recognizer.isIdle }
            ))
        }
    }
}

/// Something on screen that takes touches: a button, a slider, a photo that pinches.
public struct GestureTarget {
    /// Stable across view updates; outputs name it.
    public var id: String
    /// Used for hit testing unless `hitTest` is given, and by the out-of-bounds canceller.
    public var frame: TouchRect
    /// A shape-accurate hit test (a circle button, a capsule); nil uses `frame`.
    public var hitTest: ((TouchLocation) -> Bool)?
    /// Touch-up-inside behaviour; nil for targets that only have gestures.
    public var button: ButtonPress?
    public var gestures: [AttachedGesture]

    public init(
        id: String,
        frame: TouchRect,
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
final class TargetRecord {
    let id: String?
    var frame: TouchRect
    var hitTest: ((TouchLocation) -> Bool)?
    var button: ButtonMember?
    var gestures: [(name: String, member: ArenaMember)] = []
    var touchCount = 0
    var actions: [(id: Int, run: (TriggerCause) -> Void)] = []

    init(id: String?, frame: TouchRect) {
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
}
