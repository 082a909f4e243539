/// One recognizer of one target, as the engine's arenas see it: it takes touch events and
/// time and writes outputs. Subclasses adapt a button press or a gesture recognizer.
class ArenaMember {
    unowned let owner: TargetRecord
    /// Bookkeeping of the engine: whether this member is in its list of live members.
    var isLive = false

    init(owner: TargetRecord) { self.owner = owner }

    func handle(_ event: TouchEvent, into out: inout [GestureOutput]) {}
    func advance(to time: Microseconds, into out: inout [GestureOutput]) {}
    func cancel(at time: Microseconds, into out: inout [GestureOutput]) {}
    var deadline: Microseconds? { nil }
    var isClaiming: Bool { false }
    var isIdle: Bool { true }
}

/// A gesture recognizer in an arena. Turns its phases into outputs, keeping failures and
/// cancellations silent unless the gesture had shown something (a `changed`).
final class RecognizerMember<R: GestureRecognizer>: ArenaMember where R.Value: Hashable & Sendable {
    let name: String
    let recognizer: R
    private var phases: [GesturePhase<R.Value>] = []
    private var hasChanged = false

    init(name: String, recognizer: R, owner: TargetRecord) {
        self.name = name
        self.recognizer = recognizer
        super.init(owner: owner)
    }

    override func handle(_ event: TouchEvent, into out: inout [GestureOutput]) {
        recognizer.handle(event, context: owner.context, into: &phases)
        flush(at: event.timestamp, into: &out)
    }

    override func advance(to time: Microseconds, into out: inout [GestureOutput]) {
        recognizer.advance(to: time, into: &phases)
        flush(at: time, into: &out)
    }

    override func cancel(at time: Microseconds, into out: inout [GestureOutput]) {
        recognizer.cancel(into: &phases)
        flush(at: time, into: &out)
    }

    private func flush(at time: Microseconds, into out: inout [GestureOutput]) {
        guard !phases.isEmpty else { return }
        for phase in phases {
            let update: GestureUpdate?
            switch phase {
            case .changed(let value):
                hasChanged = true
                update = .changed(GestureValue(value))
            case .ended(let value):
                update = .ended(GestureValue(value))
            case .failed:
                update = hasChanged ? .failed : nil
            case .cancelled:
                update = hasChanged ? .cancelled : nil
            }
            if phase.isTerminal { hasChanged = false }
            if let update {
                out.append(GestureOutput(time: time, target: owner.id, event: .gesture(name: name, update)))
            }
        }
        phases.removeAll(keepingCapacity: true)
    }

    override var deadline: Microseconds? { recognizer.deadline }
    override var isClaiming: Bool { recognizer.isClaiming }
    override var isIdle: Bool { recognizer.isIdle }
}
