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

/// A gesture recognizer in an arena. The recognizer is driven through closures made where
/// the gesture's concrete type is known (`AttachedGesture.init`), so that code is
/// specialized for it rather than running generic, which is several times slower.
final class GestureMember: ArenaMember {
    struct Functions {
        var handle: (TouchEvent, TouchContext, Microseconds, inout [GestureOutput]) -> Void
        var advance: (Microseconds, inout [GestureOutput]) -> Void
        var cancel: (Microseconds, inout [GestureOutput]) -> Void
        var deadline: () -> Microseconds?
        var isClaiming: () -> Bool
        var isIdle: () -> Bool
    }

    private let functions: Functions

    init(owner: TargetRecord, functions: Functions) {
        self.functions = functions
        super.init(owner: owner)
    }

    override func handle(_ event: TouchEvent, into out: inout [GestureOutput]) {
        functions.handle(event, owner.context, event.timestamp, &out)
    }

    override func advance(to time: Microseconds, into out: inout [GestureOutput]) { functions.advance(time, &out) }
    override func cancel(at time: Microseconds, into out: inout [GestureOutput]) { functions.cancel(time, &out) }
    override var deadline: Microseconds? { functions.deadline() }
    override var isClaiming: Bool { functions.isClaiming() }
    override var isIdle: Bool { functions.isIdle() }
}

/// Turns a recognizer's phases into outputs, keeping failures and cancellations silent
/// unless the gesture had shown something (a `changed`).
final class PhaseReporter<Value: Hashable & Sendable> {
    let name: String
    let target: String?
    var phases: [GesturePhase<Value>] = []
    private var hasChanged = false

    init(name: String, target: String?) {
        self.name = name
        self.target = target
    }

    func flush(at time: Microseconds, into out: inout [GestureOutput]) {
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
                out.append(GestureOutput(time: time, target: target, event: .gesture(name: name, update)))
            }
        }
        phases.removeAll(keepingCapacity: true)
    }
}
