/// The dark part of a day: from `start` to `end`, seconds after local midnight (`end <
/// start` spans midnight, as "22:00-06:00" does). A screen file's `blank_schedule`, a board
/// profile's and `--blank-schedule` are one; the runtime's idle blanker keeps it.
public struct BlankSchedule: Equatable, Sendable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// Parses "HH:MM-HH:MM".
    public init(parsing text: String) throws(BlankScheduleError) {
        let parts = text.split(separator: "-")
        func time(_ part: Substring) -> Int? {
            let fields = part.split(separator: ":")
            guard fields.count == 2, let h = Int(fields[0]), let m = Int(fields[1]), (0..<24).contains(h), (0..<60).contains(m)
            else { return nil }
            return h * 3600 + m * 60
        }
        guard parts.count == 2, let start = time(parts[0]), let end = time(parts[1]), start != end else {
            throw BlankScheduleError(message: "a blank schedule looks like \"22:00-06:00\" (dark from, dark until), not \"\(text)\"")
        }
        self.init(start: start, end: end)
    }

    public func isDark(at second: Int) -> Bool {
        start < end ? (start..<end).contains(second) : (second >= start || second < end)
    }
}

/// A text that is not a blank schedule; the message shows the form one takes.
public struct BlankScheduleError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
