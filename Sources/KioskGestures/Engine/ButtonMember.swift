/// The state machine of `ButtonPress` in an arena.
final class ButtonMember: ArenaMember {
    private struct Press {
        var slot: Int
        var start: TouchLocation
        /// When the next repeat or the long-press trigger is due.
        var nextTrigger: Microseconds?
        var repeats = 0
        /// Triggered while held (repeat or long press): the release triggers nothing more.
        var hasTriggered = false
    }

    @exclusivity(unchecked) var options: ButtonPress
    @exclusivity(unchecked) private var press: Press?

    init(options: ButtonPress, owner: TargetRecord) {
        self.options = options
        super.init(owner: owner)
    }

    var isPressed: Bool { press != nil }

    override func handle(_ event: TouchEvent, into out: inout [GestureOutput]) {
        let time = event.timestamp
        guard let press else {
            if event.phase == .down && owner.touchCount == 1 && options.isEnabled {
                begin(event, into: &out)
            }
            return
        }
        switch event.phase {
        case .move where event.slot == press.slot:
            let frame = owner.frame
            if options.cancellers.contains(where: { $0.shouldCancel(frame: frame, began: press.start, moved: event.location) }) {
                end(.cancelled, at: time, into: &out)
            }
        case .up where event.slot == press.slot:
            end(.released, at: time, into: &out)
            if !press.hasTriggered && options.longPressDuration == nil {
                emit(.triggered(.tap), at: time, into: &out)
            }
        case .cancel where event.slot == press.slot:
            end(.cancelled, at: time, into: &out)
        default:
            // Another finger landing on the button is not the button's (UIKit's exclusive
            // touch): the press goes on with its own finger.
            break
        }
    }

    private func begin(_ event: TouchEvent, into out: inout [GestureOutput]) {
        var next: Microseconds?
        if let repeating = options.repeatBehavior {
            next = event.timestamp.adding(repeating.delay)
        } else if let duration = options.longPressDuration {
            next = event.timestamp.adding(duration)
        }
        press = Press(slot: event.slot, start: event.location, nextTrigger: next)
        emit(.pressed, at: event.timestamp, into: &out)
    }

    override func advance(to time: Microseconds, into out: inout [GestureOutput]) {
        guard var current = press, let due = current.nextTrigger, time >= due else { return }
        current.hasTriggered = true
        if let repeating = options.repeatBehavior {
            current.repeats += 1
            let next = due.adding(repeating.interval(after: current.repeats))
            // A repeat past the end of time never comes.
            current.nextTrigger = next > due ? next : nil
            emit(.triggered(.repeat), at: time, into: &out)
        } else {
            current.nextTrigger = nil
            emit(.triggered(.longPress), at: time, into: &out)
        }
        press = current
    }

    override func cancel(at time: Microseconds, into out: inout [GestureOutput]) {
        if press != nil { end(.cancelled, at: time, into: &out) }
    }

    /// Applies new options from a view update; disabling a pressed button cancels it.
    func update(_ newOptions: ButtonPress, at time: Microseconds, into out: inout [GestureOutput]) {
        options = newOptions
        if !newOptions.isEnabled { cancel(at: time, into: &out) }
    }

    private func end(_ event: GestureEvent, at time: Microseconds, into out: inout [GestureOutput]) {
        press = nil
        emit(event, at: time, into: &out)
    }

    private func emit(_ event: GestureEvent, at time: Microseconds, into out: inout [GestureOutput]) {
        out.append(GestureOutput(time: time, target: owner.id, event: event))
    }

    override var deadline: Microseconds? { press?.nextTrigger }
    override var isClaiming: Bool { press?.hasTriggered ?? false }
    override var isIdle: Bool { press == nil }
}
