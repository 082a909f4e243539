/// One recognizer of one target, as the engine's arenas see it: it takes touch events and
/// time and writes outputs. Subclasses adapt a button press or a gesture recognizer.
@usableFromInline
class ArenaMember {
    /// Unchecked: a record owns its members, and the engine takes members out of every arena
    /// and of the live list (`retire`) before it lets go of their record, so a member is
    /// never driven without it. A checked `unowned` costs a reference-count round trip on
    /// every event.
    unowned(unsafe) let owner: TargetRecord
    /// Bookkeeping of the engine: whether this member is in its list of live members.
    @exclusivity(unchecked) var isLive = false
    /// How it competes with the others (set from its `AttachedGesture`).
    @exclusivity(unchecked) var arbitration = GestureArbitration.normal

    init(owner: TargetRecord) { self.owner = owner }

    func handle(_ event: TouchEvent, into out: inout [GestureOutput]) {}
    func advance(to time: Microseconds, into out: inout [GestureOutput]) {}
    func cancel(at time: Microseconds, into out: inout [GestureOutput]) {}
    /// Delivers or drops reports held for other gestures' failure, when that is decided.
    func releaseHeld(at time: Microseconds, into out: inout [GestureOutput]) {}
    var deadline: Microseconds? { nil }
    /// How many times it succeeded so far.
    var successCount: Int { 0 }
    var isClaiming: Bool { false }
    var isIdle: Bool { true }
}

/// A gesture recognizer in an arena. The recognizer is driven through closures made where
/// the gesture's concrete type is known (`AttachedGesture.init`), so that code is
/// specialized for it rather than running generic, which is several times slower. The
/// closures that drive it return how many times it succeeded (reported `ended`).
@usableFromInline
final class GestureMember: ArenaMember {
    @usableFromInline
    struct Functions {
        @usableFromInline var handle: (TouchEvent, TouchContext, Microseconds, inout [GestureOutput]) -> Int
        @usableFromInline var advance: (Microseconds, inout [GestureOutput]) -> Int
        @usableFromInline var cancel: (Microseconds, inout [GestureOutput]) -> Int
        @usableFromInline var deadline: () -> Microseconds?
        @usableFromInline var isClaiming: () -> Bool
        @usableFromInline var isIdle: () -> Bool

        @inlinable init(
            handle: @escaping (TouchEvent, TouchContext, Microseconds, inout [GestureOutput]) -> Int,
            advance: @escaping (Microseconds, inout [GestureOutput]) -> Int,
            cancel: @escaping (Microseconds, inout [GestureOutput]) -> Int,
            deadline: @escaping () -> Microseconds?,
            isClaiming: @escaping () -> Bool,
            isIdle: @escaping () -> Bool
        ) {
            self.handle = handle
            self.advance = advance
            self.cancel = cancel
            self.deadline = deadline
            self.isClaiming = isClaiming
            self.isIdle = isIdle
        }
    }

    private let functions: Functions
    /// The gestures whose failure this one waits for (see `AttachedGesture`).
    @exclusivity(unchecked) var blockers: [WeakMember] = []
    /// How many times this gesture succeeded: a waiting gesture compares counts to learn
    /// whether a blocker succeeded while it was holding.
    @exclusivity(unchecked) private(set) var successes = 0
    @exclusivity(unchecked) private var held: [GestureOutput] = []
    @exclusivity(unchecked) private var successesWhenHeld: [Int] = []
    @exclusivity(unchecked) private var scratch: [GestureOutput] = []

    @usableFromInline init(owner: TargetRecord, functions: Functions) {
        self.functions = functions
        super.init(owner: owner)
    }

    override func handle(_ event: TouchEvent, into out: inout [GestureOutput]) {
        let context = owner.context
        deliver({ functions.handle(event, context, event.timestamp, &$0) }, into: &out)
    }

    override func advance(to time: Microseconds, into out: inout [GestureOutput]) {
        deliver({ functions.advance(time, &$0) }, into: &out)
    }

    override func cancel(at time: Microseconds, into out: inout [GestureOutput]) {
        held.removeAll()
        deliver({ functions.cancel(time, &$0) }, into: &out)
    }

    @inline(__always) private func deliver(_ produce: (inout [GestureOutput]) -> Int, into out: inout [GestureOutput]) {
        if blockers.isEmpty {
            successes += produce(&out)
            return
        }
        scratch.removeAll(keepingCapacity: true)
        successes += produce(&scratch)
        guard !scratch.isEmpty else { return }
        if held.isEmpty && blockersAreIdle {
            out += scratch
            return
        }
        if held.isEmpty { successesWhenHeld = blockers.map { $0.member?.successes ?? 0 } }
        held += scratch
    }

    private var blockersAreIdle: Bool { blockers.allSatisfy { $0.member?.isIdle ?? true } }

    /// Once every blocker is idle, delivers the held reports at `time` if none of them
    /// succeeded meanwhile, or drops them if one did.
    override func releaseHeld(at time: Microseconds, into out: inout [GestureOutput]) {
        guard !held.isEmpty, blockersAreIdle else { return }
        let blockerSucceeded = zip(blockers, successesWhenHeld).contains { ($0.member?.successes ?? 0) > $1 }
        if !blockerSucceeded {
            for var output in held {
                output.time = time
                out.append(output)
            }
        }
        held.removeAll()
    }

    override var deadline: Microseconds? { functions.deadline() }
    override var successCount: Int { successes }
    override var isClaiming: Bool { functions.isClaiming() }
    override var isIdle: Bool { held.isEmpty && functions.isIdle() }
}

struct WeakMember {
    weak var member: GestureMember?
}

/// Turns a recognizer's phases into outputs, keeping failures and cancellations silent
/// unless the gesture had shown something (a `changed`).
@usableFromInline
final class PhaseReporter<Value: Hashable & Sendable> {
    @usableFromInline let name: String
    @usableFromInline let target: String?
    @exclusivity(unchecked) @usableFromInline var phases: [GesturePhase<Value>] = []
    @exclusivity(unchecked) @usableFromInline var hasChanged = false

    @inlinable init(name: String, target: String?) {
        self.name = name
        self.target = target
    }

    /// Appends the outputs of the phases reported since the last flush; returns how many
    /// of them are successes (`ended`).
    @inlinable func flush(at time: Microseconds, into out: inout [GestureOutput]) -> Int {
        guard !phases.isEmpty else { return 0 }
        var successes = 0
        for phase in phases {
            let update: GestureUpdate?
            switch phase {
            case .changed(let value):
                hasChanged = true
                update = .changed(GestureValue(value))
            case .ended(let value):
                successes += 1
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
        phases.emptyKeepingCapacity()
        return successes
    }
}
