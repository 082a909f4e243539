/// A parsed touch script (`*.touch`, DESIGN.md): frames of touch events on a virtual clock.
///
/// One event per line: `<ms> down <slot> <x> <y>`, `<ms> move <slot> <x> <y>`,
/// `<ms> up <slot>`, `<ms> cancel <slot>`, `<ms> key <name>` (a keyboard key pressed and
/// released: `tab`, `shift+tab`, `enter`, `space`, an arrow…), or `<ms> end` (advance the
/// clock to that time, fire due timers, stop). `#` starts a comment. Times are milliseconds from the start
/// (decimals allowed), never go backwards and stop at `longestTime` (24 h: a simulation
/// steps through every timer on the way, so a script of years would run for hours);
/// events with the same time form one frame. `up` and `cancel` carry the slot's last
/// location, as libinput's events do.
public struct TouchScript: Hashable, Sendable {
    /// The latest time a script may name: 24 hours.
    public static let longestTime: Microseconds = 86_400_000_000

    public var frames: [TouchFrame]
    /// The `key` lines' presses and releases, in order.
    public var keys: [KeyEvent]
    /// The `end` time, or the last frame's or key's time when the script has no `end`.
    public var endTime: Microseconds

    public init(frames: [TouchFrame], keys: [KeyEvent] = [], endTime: Microseconds) {
        self.frames = frames
        self.keys = keys
        self.endTime = endTime
    }

    /// Frames and keys in time order; a key at the time of a touch frame comes after it.
    public var events: [InputEvent] {
        var merged: [InputEvent] = []
        merged.reserveCapacity(frames.count + keys.count)
        var k = keys.startIndex
        for frame in frames {
            while k < keys.endIndex, keys[k].timestamp < frame.timestamp {
                merged.append(.key(keys[k]))
                k += 1
            }
            merged.append(.touch(frame))
        }
        merged += keys[k...].map(InputEvent.key)
        return merged
    }

    /// The names a `key` line takes, with what they press ("shift+" holds shift around the key).
    static let keyNames: [String: KeyEvent.Key] = [
        "tab": .tab, "enter": .enter, "return": .enter, "kpenter": .keypadEnter, "space": .space,
        "escape": .escape, "esc": .escape, "up": .up, "down": .down, "left": .left, "right": .right,
    ]

    /// Parses a script; the error names the line and what is wrong with it.
    public init(parsing text: String) throws(TouchScriptError) {
        var frames: [TouchFrame] = []
        var keys: [KeyEvent] = []
        var locations = [TouchLocation?](repeating: nil, count: TouchEvent.slotCount)
        var lastTime: Microseconds = 0
        var end: Microseconds?
        var lineNumber = 0

        // Swift reads "\r\n" as one Character, so CRLF lines are split on it as well as "\n".
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = rawLine.prefix { $0 != "#" }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard !words.isEmpty else { continue }
            func fail(_ message: String) -> TouchScriptError { TouchScriptError(line: lineNumber, message: message) }

            if end != nil { throw fail("event after 'end'") }
            guard let ms = Double(words[0]), ms.isFinite, ms >= 0, ms < 1e12 else {
                throw fail("time '\(words[0])' is not a number of milliseconds ≥ 0")
            }
            let time = Microseconds((ms * 1000).rounded())
            if time > Self.longestTime {
                throw fail("time \(words[0]) ms is past the 24 h a touch script may last (86400000 ms)")
            }
            if time < lastTime {
                throw fail("time \(words[0]) ms goes backwards (previous was \(lastTime.millisecondsText) ms)")
            }
            lastTime = time
            guard words.count > 1 else { throw fail("missing verb after the time (down, move, up, cancel, key or end)") }
            let verb = String(words[1])
            let arguments = words.dropFirst(2)

            func expect(_ count: Int, _ usage: String) throws(TouchScriptError) {
                if arguments.count != count { throw fail("'\(verb)' takes \(usage), got \(arguments.count) argument(s)") }
            }
            func slot() throws(TouchScriptError) -> Int {
                let word = arguments[arguments.startIndex]
                guard let slot = Int(word) else { throw fail("slot '\(word)' is not a whole number") }
                guard (0..<TouchEvent.slotCount).contains(slot) else {
                    throw fail("slot \(slot) is out of range 0–\(TouchEvent.slotCount - 1)")
                }
                return slot
            }
            func location() throws(TouchScriptError) -> TouchLocation {
                let xWord = arguments[arguments.startIndex + 1], yWord = arguments[arguments.startIndex + 2]
                guard let x = Double(xWord), x.isFinite else { throw fail("x '\(xWord)' is not a finite number") }
                guard let y = Double(yWord), y.isFinite else { throw fail("y '\(yWord)' is not a finite number") }
                return TouchLocation(x: x, y: y)
            }

            let event: TouchEvent
            switch verb {
            case "down":
                try expect(3, "a slot, x and y")
                let slot = try slot()
                if locations[slot] != nil { throw fail("down for slot \(slot), which is already down") }
                let location = try location()
                locations[slot] = location
                event = TouchEvent(slot: slot, phase: .down, location: location, timestamp: time)
            case "move":
                try expect(3, "a slot, x and y")
                let slot = try slot()
                guard locations[slot] != nil else { throw fail("move for slot \(slot), which is not down") }
                let location = try location()
                locations[slot] = location
                event = TouchEvent(slot: slot, phase: .move, location: location, timestamp: time)
            case "up", "cancel":
                try expect(1, "a slot")
                let slot = try slot()
                guard let location = locations[slot] else { throw fail("\(verb) for slot \(slot), which is not down") }
                locations[slot] = nil
                event = TouchEvent(slot: slot, phase: verb == "up" ? .up : .cancel, location: location, timestamp: time)
            case "key":
                try expect(1, "a key name")
                let name = arguments[arguments.startIndex].lowercased()
                let shifted = name.hasPrefix("shift+")
                guard let key = Self.keyNames[shifted ? String(name.dropFirst(6)) : name] else {
                    let known = Self.keyNames.keys.sorted().joined(separator: ", ")
                    throw fail("unknown key '\(arguments[arguments.startIndex])' (expected \(known), optionally after shift+)")
                }
                let pressed = shifted ? [KeyEvent.Key.leftShift, key] : [key]
                keys += pressed.map { KeyEvent($0, isPressed: true, timestamp: time) }
                keys += pressed.reversed().map { KeyEvent($0, isPressed: false, timestamp: time) }
                continue
            case "end":
                try expect(0, "no arguments")
                end = time
                continue
            default:
                throw fail("unknown verb '\(verb)' (expected down, move, up, cancel, key or end)")
            }

            if let last = frames.indices.last, frames[last].timestamp == time {
                frames[last].events.append(event)
            } else {
                frames.append(TouchFrame(events: [event], timestamp: time))
            }
        }
        self.init(frames: frames, keys: keys,
                  endTime: end ?? max(frames.last?.timestamp ?? 0, keys.last?.timestamp ?? 0))
    }
}

/// A bad line in a touch script.
public struct TouchScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
