/// The gesture engine: touches in, gestures out, on a clock it is given.
///
/// The run loop calls `feed(_:)` with each touch frame and `advance(to:)` when the time in
/// `nextDeadline` comes (a timerfd on the device, a virtual clock in tests). Both return
/// what happened, stamped with the exact time it happened: a timer due at 500 ms is
/// reported at 500 ms even when the next call comes later.
///
/// Each touch slot has an arena: the recognizers of every target under the finger where it
/// went down (topmost target first), then the screen's gestures, which lie under every
/// target as a paging view lies under its buttons. Only the topmost button is in it: a
/// button inside a button-like card presses alone, while the gestures of the targets below
/// (a scrolling container's drag) still take part.
/// When a recognizer claims the touch (a drag past its minimum distance, a swipe past the
/// slop, a long press that fired, a button that triggered while held), every recognizer of
/// that arena that is not claiming it too is cancelled; of targets claiming at once, the
/// topmost keeps the touch.
///
/// Bad input has defined behaviour: time never runs backwards (an earlier timestamp counts
/// as the latest time seen, and the clock starts at 0 at the earliest); a clock that jumps
/// ahead by more than `longestCatchUp` cancels every touch and timer under way at the new
/// time instead of firing what fell due on the way; deadlines past the end of time stay
/// at `Int64.max`; a `move`, `up` or `cancel` for a slot that is not down, a slot outside
/// 0..<10, or a down or move with a NaN or infinite coordinate is ignored; a `down` for a
/// slot already down first cancels the old touch; coordinates are clamped to ±10,000,000 px.
///
/// Speed: the engine and its recognizers are single-threaded state machines, so their
/// class state is `@exclusivity(unchecked)` (run-time access checks cost more than the
/// work), and the generic compositions are `@inlinable` so the UI's build specializes them
/// for its concrete gestures (`kiosk bench --only gestures`).
public final class GestureEngine {
    /// A touch slot. Its lists keep their storage from touch to touch, so a touch allocates
    /// nothing once every slot has been used.
    private struct Slot {
        var isDown = false
        var location = TouchLocation(x: 0, y: 0)
        var targets: [TargetRecord] = []
        var arena: [ArenaMember] = []

        mutating func clear() {
            isDown = false
            targets.removeAll(keepingCapacity: true)
            arena.removeAll(keepingCapacity: true)
        }
    }

    private static let coordinateLimit = 10_000_000.0

    /// The longest jump of the clock the engine catches up on, timer by timer (24 h): a
    /// device suspended for longer, or a bogus timestamp, does not fire a day of repeats
    /// in one call.
    public static let longestCatchUp: Microseconds = 86_400_000_000

    /// The latest time the engine has seen.
    @exclusivity(unchecked) public private(set) var now: Microseconds
    @exclusivity(unchecked) private var targets: [TargetRecord] = []
    @exclusivity(unchecked) private var targetsByID: [String: TargetRecord] = [:]
    private let screen = TargetRecord(id: nil, frame: Rect(
        x: -coordinateLimit, y: -coordinateLimit, width: 2 * coordinateLimit, height: 2 * coordinateLimit))
    @exclusivity(unchecked) private var slots = [Slot](repeating: Slot(), count: TouchEvent.slotCount)
    @exclusivity(unchecked) private var live: [ArenaMember] = []
    /// The earliest deadline of the live members, noted by `finish()`. Every call that can
    /// change a recognizer ends in `finish()`, so between calls it is exact, and neither
    /// `nextDeadline` nor a feed with no timer due walks the live list for it.
    @exclusivity(unchecked) private var earliestDeadline: Microseconds?
    @exclusivity(unchecked) private var out: [GestureOutput] = []
    /// The list handed out last time, taken back empty for the next outputs once its
    /// reader let it go: a drag reports on every move, and a list of its own each time
    /// would be allocated and freed each time.
    @exclusivity(unchecked) private var handedOut: [GestureOutput] = []
    @exclusivity(unchecked) private var nextActionID = 0
    /// Gestures that wait for others to fail; while there are none, nothing is held.
    @exclusivity(unchecked) private var waitingGestures = 0
    /// Targets whose gestures were set while one was under way (see `attach`).
    @exclusivity(unchecked) private var awaitingRenewal: [TargetRecord] = []

    public init(startTime: Microseconds = 0) {
        now = max(startTime, 0)
    }

    // MARK: Targets

    /// Adds a target on top of the others, or updates the one with the same id in place:
    /// its frame, hit test and button options change without disturbing a touch in progress
    /// (unless the button becomes disabled, which cancels its press); gestures are matched
    /// by name (new names are added, missing ones cancelled and removed).
    @discardableResult
    public func setTarget(_ target: GestureTarget) -> [GestureOutput] {
        let record: TargetRecord
        if let existing = targetsByID[target.id] {
            record = existing
        } else {
            record = TargetRecord(id: target.id, frame: target.frame)
            targets.append(record)
            targetsByID[target.id] = record
        }
        configure(record, frame: target.frame, hitTest: target.hitTest, button: target.button, gestures: target.gestures)
        return finish()
    }

    /// Stacks the targets in the order of `ids`, bottom first: a target set again keeps its
    /// place, so a caller whose targets changed their stacking (a row that scrolled under a
    /// pinned header, rows made after an overlay) gives the order here. Targets not named stay
    /// at the bottom, in their order.
    public func arrange(_ ids: [String]) {
        let rank = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        targets = targets.enumerated()
            .sorted { (rank[$0.element.id ?? ""] ?? -1, $0.offset) < (rank[$1.element.id ?? ""] ?? -1, $1.offset) }
            .map(\.element)
    }

    /// Removes a target, cancelling whatever it had under way. Its actions go with it.
    @discardableResult
    public func removeTarget(id: String) -> [GestureOutput] {
        guard let record = targetsByID.removeValue(forKey: id) else { return [] }
        targets.removeAll { $0 === record }
        record.newestGestures = nil
        retire(record.members)
        waitingGestures -= record.waitingGestures
        return finish()
    }

    /// Removes every target (a screen switch), cancelling what they had under way.
    @discardableResult
    public func removeAllTargets() -> [GestureOutput] {
        let members = targets.flatMap(\.members)
        for record in targets { record.newestGestures = nil }
        targets.removeAll()
        targetsByID.removeAll()
        retire(members)
        waitingGestures = screen.waitingGestures
        return finish()
    }

    /// Gestures of the screen itself, such as a swipe between screens: they take part in
    /// every touch, below every target, so a swipe that starts on a button cancels the
    /// press once it claims the touch. Outputs name no target.
    @discardableResult
    public func setScreenGestures(_ gestures: [AttachedGesture]) -> [GestureOutput] {
        configure(screen, frame: screen.frame, hitTest: nil, button: nil, gestures: gestures)
        return finish()
    }

    public var targetIDs: [String] { targets.compactMap(\.id) }

    /// Ids of the buttons that are pressed now, bottom to top.
    public var pressedTargets: [String] {
        targets.compactMap { $0.button?.isPressed == true ? $0.id : nil }
    }

    /// No finger down and nothing pending.
    public var isIdle: Bool {
        !slots.contains { $0.isDown } && live.allSatisfy(\.isIdle)
    }

    private func configure(
        _ record: TargetRecord, frame: Rect, hitTest: ((TouchLocation) -> Bool)?,
        button: ButtonPress?, gestures: [AttachedGesture]
    ) {
        let waitingBefore = record.waitingGestures
        record.frame = frame
        record.hitTest = hitTest
        switch (record.button, button) {
        case (let member?, let options?):
            member.update(options, at: now, into: &out)
        case (let member?, nil):
            retire([member])
            record.button = nil
        case (nil, let options?):
            record.button = ButtonMember(options: options, owner: record)
        case (nil, nil):
            break
        }
        attach(gestures, to: record)
        waitingGestures += record.waitingGestures - waitingBefore
    }

    /// Gives `record` the gestures of its newest definition, matched by name. An idle
    /// gesture is made afresh, so it runs the closures the view's latest body gave it; one
    /// under way finishes as it started and is made afresh once every gesture of the record
    /// is idle (`renewIdleGestures`).
    private func attach(_ gestures: [AttachedGesture], to record: TargetRecord) {
        if gestures.count == 1, record.gestures.count == 1, gestures[0].name == record.gestures[0].name {
            return attachAgain(gestures, to: record)
        }
        let names = Set(gestures.map(\.name))
        retire(record.gestures.filter { !names.contains($0.name) }.map(\.member))
        let kept = Dictionary(record.gestures.map { ($0.name, $0.member) }, uniquingKeysWith: { first, _ in first })
        var stale: [ArenaMember] = []
        var underWay = false
        record.gestures = gestures.map { attached in
            guard let member = kept[attached.name] else { return (attached.name, attached.makeMember(record)) }
            guard member.isIdle, !member.isLive else {
                underWay = true
                return (attached.name, member)
            }
            stale.append(member)
            return (attached.name, attached.makeMember(record))
        }
        retire(stale)
        let byName = Dictionary(record.gestures.map { ($0.name, $0.member) }, uniquingKeysWith: { first, _ in first })
        for (attached, entry) in zip(gestures, record.gestures) {
            entry.member.arbitration = attached.arbitration
            entry.member.blockers = attached.blockers(among: gestures).compactMap { byName[$0] }.map(WeakMember.init)
        }
        if underWay, record.newestGestures == nil { awaitingRenewal.append(record) }
        record.newestGestures = underWay ? gestures : nil
    }

    /// `attach` for a target's only gesture given again under its name (a view's gesture,
    /// registered on every update of its view): the same outcome without the bookkeeping by
    /// name, which costs more than the rest of such an update.
    private func attachAgain(_ gestures: [AttachedGesture], to record: TargetRecord) {
        let attached = gestures[0], member = record.gestures[0].member
        let underWay = !member.isIdle || member.isLive
        if !underWay {
            record.gestures[0] = (attached.name, attached.makeMember(record))
            retire([member])
        }
        let current = record.gestures[0].member
        current.arbitration = attached.arbitration
        // A gesture waits only for other gestures of its target: alone, it waits for none.
        current.blockers = []
        if underWay, record.newestGestures == nil { awaitingRenewal.append(record) }
        record.newestGestures = underWay ? gestures : nil
    }

    /// Makes afresh the gestures that were under way when their target was last set, once
    /// all of the target's gestures are idle.
    private func renewIdleGestures() {
        let ready = awaitingRenewal.filter { record in
            record.newestGestures == nil || record.gestures.allSatisfy { $0.member.isIdle && !$0.member.isLive }
        }
        guard !ready.isEmpty else { return }
        awaitingRenewal.removeAll { record in ready.contains { $0 === record } }
        for record in ready {
            guard let newest = record.newestGestures else { continue }
            record.newestGestures = nil
            let waitingBefore = record.waitingGestures
            attach(newest, to: record)
            waitingGestures += record.waitingGestures - waitingBefore
        }
    }

    /// Cancels members and takes them out of every arena and of the live list.
    private func retire(_ members: [ArenaMember]) {
        guard !members.isEmpty else { return }
        for member in members {
            member.cancel(at: now, into: &out)
            member.isLive = false
        }
        let gone = Set(members.map(ObjectIdentifier.init))
        for index in slots.indices where !slots[index].arena.isEmpty {
            slots[index].arena.removeAll { gone.contains(ObjectIdentifier($0)) }
        }
        live.removeAll { gone.contains(ObjectIdentifier($0)) }
    }

    // MARK: Actions

    /// Runs `action` each time the target's button triggers (seed 002's `onTouchUpInside`).
    /// Several actions may be added; each is removed through its token. Actions run after
    /// the engine has finished the `feed` or `advance` that triggered them, in order.
    /// Returns nil when there is no target with this id.
    public func addAction(to targetID: String, _ action: @escaping (TriggerCause) -> Void) -> GestureActionToken? {
        guard let record = targetsByID[targetID] else { return nil }
        nextActionID += 1
        record.actions.append((nextActionID, action))
        return GestureActionToken(engine: self, targetID: targetID, actionID: nextActionID)
    }

    func removeAction(targetID: String, actionID: Int) {
        targetsByID[targetID]?.actions.removeAll { $0.id == actionID }
    }

    func hasAction(targetID: String, actionID: Int) -> Bool {
        targetsByID[targetID]?.actions.contains { $0.id == actionID } ?? false
    }

    // MARK: Touches and time

    /// The earliest time a recognizer needs `advance(to:)`, if any.
    public var nextDeadline: Microseconds? { earliestDeadline }

    /// Fires every timer due at or before `time`, each at its own time.
    public func advance(to time: Microseconds) -> [GestureOutput] {
        guard isJump(to: time) || (earliestDeadline.map { $0 <= time } ?? false) else {
            // No timer is due, so no recognizer changed since the last call: nothing to finish.
            now = max(now, time)
            return []
        }
        moveClock(to: time)
        return finish()
    }

    /// Takes one frame of touch events. Timers due up to the frame's time fire first.
    public func feed(_ frame: TouchFrame) -> [GestureOutput] {
        moveClock(to: frame.timestamp)
        for event in frame.events {
            handle(event)
            releaseHeld()
        }
        return finish()
    }

    private func releaseHeld() {
        guard waitingGestures > 0 else { return }
        for member in live { member.releaseHeld(at: now, into: &out) }
    }

    /// Moves the clock on to `time` (never back), firing the timers due on the way; a jump
    /// further than `longestCatchUp` cancels what is under way instead.
    private func moveClock(to time: Microseconds) {
        guard isJump(to: time) else {
            fireTimers(through: time)
            return
        }
        now = time
        for slot in slots.indices where slots[slot].isDown { lift(slot, phase: .cancel) }
        for member in live { member.cancel(at: now, into: &out) }
        earliestDeadline = nil
    }

    /// `now` is never negative, so the difference cannot overflow.
    private func isJump(to time: Microseconds) -> Bool {
        time > now && time - now > Self.longestCatchUp
    }

    private func fireTimers(through time: Microseconds) {
        while let due = earliestDeadline, due <= time {
            now = max(now, due)
            for member in live where (member.deadline ?? .max) <= now {
                member.advance(to: now, into: &out)
            }
            for index in slots.indices where slots[index].isDown { resolveClaims(slot: index) }
            releaseHeld()
            earliestDeadline = live.reduce(nil) { earliest, member in
                guard let due = member.deadline else { return earliest }
                return min(due, earliest ?? .max)
            }
            // A recognizer that did not move its deadline past `now` would spin here forever.
            if let again = earliestDeadline, again <= due { break }
        }
        now = max(now, time)
    }

    private func handle(_ raw: TouchEvent) {
        guard slots.indices.contains(raw.slot) else { return }
        moveClock(to: raw.timestamp)
        let slot = raw.slot
        switch raw.phase {
        case .down:
            guard let location = Self.sanitized(raw.location) else { return }
            if slots[slot].isDown { lift(slot, phase: .cancel) }
            touchDown(slot, at: location)
        case .move:
            guard slots[slot].isDown, let location = Self.sanitized(raw.location) else { return }
            slots[slot].location = location
            dispatch(TouchEvent(slot: slot, phase: .move, location: location, timestamp: now), slot: slot)
        case .up, .cancel:
            guard slots[slot].isDown else { return }
            lift(slot, phase: raw.phase)
        }
    }

    private func touchDown(_ slot: Int, at location: TouchLocation) {
        slots[slot].isDown = true
        slots[slot].location = location
        for record in targets.reversed() where record.contains(location) { slots[slot].targets.append(record) }
        slots[slot].targets.append(screen)
        var hasButton = false
        for record in slots[slot].targets {
            record.touchCount += 1
            if let button = record.button, !hasButton {
                slots[slot].arena.append(button)
                hasButton = true
            }
            for gesture in record.gestures { slots[slot].arena.append(gesture.member) }
        }
        // High-priority gestures see the touch first.
        if slots[slot].arena.contains(where: { $0.arbitration == .highPriority }) {
            let arena = slots[slot].arena
            slots[slot].arena = arena.filter { $0.arbitration == .highPriority } + arena.filter { $0.arbitration != .highPriority }
        }
        dispatch(TouchEvent(slot: slot, phase: .down, location: location, timestamp: now), slot: slot)
    }

    private func lift(_ slot: Int, phase: TouchPhase) {
        dispatch(TouchEvent(slot: slot, phase: phase, location: slots[slot].location, timestamp: now), slot: slot)
        for record in slots[slot].targets { record.touchCount -= 1 }
        slots[slot].clear()
    }

    /// Hands the event to the slot's arena and, for a down or a move, notes on the way
    /// whether someone claims the touch (a recognizer's claim changes only with its own
    /// events, so asking right after its `handle` is the same as asking after all of them).
    private func dispatch(_ event: TouchEvent, slot: Int) {
        let arena = slots[slot].arena
        let mayClaim = arena.count > 1 && (event.phase == .down || event.phase == .move)
        var claimed = false
        var overriding: ArenaMember?
        for member in arena {
            if overriding != nil && member.arbitration != .simultaneous { continue }
            let successes = member.successCount
            member.handle(event, into: &out)
            if !member.isLive {
                member.isLive = true
                live.append(member)
            }
            if mayClaim && !claimed && member.arbitration != .simultaneous { claimed = member.isClaiming }
            if member.arbitration == .highPriority && member.successCount > successes { overriding = member }
        }
        if let overriding {
            slots[slot].arena.removeAll { member in
                guard member !== overriding && member.arbitration != .simultaneous else { return false }
                member.cancel(at: now, into: &out)
                return true
            }
        } else if claimed {
            resolveClaims(slot: slot)
        }
    }

    /// When someone in the arena claims the touch, everyone else in it is cancelled. When
    /// several targets claim in the same event (a carousel in a scrolling list), the
    /// topmost takes it: the arena lists the topmost target first.
    private func resolveClaims(slot: Int) {
        guard slots[slot].arena.count > 1,
              let winner = slots[slot].arena.first(where: { $0.isClaiming && $0.arbitration != .simultaneous })?.owner
        else { return }
        slots[slot].arena.removeAll { member in
            if member.owner === winner && member.isClaiming { return false }
            if member.arbitration == .simultaneous { return false }
            member.cancel(at: now, into: &out)
            return true
        }
    }

    /// Drops idle members from the live list and notes the others' earliest deadline in
    /// the same pass, runs actions, and hands out the outputs.
    private func finish() -> [GestureOutput] {
        releaseHeld()
        var earliest: Microseconds?
        var hasIdle = false
        for member in live {
            if member.isIdle {
                member.isLive = false
                hasIdle = true
            } else if let due = member.deadline, earliest.map({ due < $0 }) ?? true {
                earliest = due
            }
        }
        // Removed only when one went idle: a drag's every move leaves the list as it is.
        if hasIdle { live.removeAll { !$0.isLive } }
        earliestDeadline = earliest
        if !awaitingRenewal.isEmpty { renewIdleGestures() }
        guard !out.isEmpty else { return [] }
        handedOut.emptyKeepingCapacity()
        swap(&out, &handedOut)
        // Its own reference: an action may feed the engine again, which hands out anew.
        let result = handedOut
        runActions(for: result)
        return result
    }

    private func runActions(for outputs: [GestureOutput]) {
        for output in outputs {
            guard case .triggered(let cause) = output.event, let id = output.target,
                  let actions = targetsByID[id]?.actions, !actions.isEmpty else { continue }
            for action in actions { action.run(cause) }
        }
    }

    private static func sanitized(_ location: TouchLocation) -> TouchLocation? {
        guard location.x.isFinite, location.y.isFinite else { return nil }
        let limit = coordinateLimit
        return TouchLocation(x: min(max(location.x, -limit), limit), y: min(max(location.y, -limit), limit))
    }
}
