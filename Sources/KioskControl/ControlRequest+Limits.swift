import KioskScreenFiles

/// What one request's title may hold: it is laid out, shaped and drawn on the loop's thread,
/// so its size bounds the work and memory of a frame (a 14 KB `set` of 400 styled runs added
/// 98 MB and stalled the loop 261 ms). The limits are the screen files' own
/// (`ScreenFile.maximumRuns`, `ScreenFile.maximumTextBytes`), so a title one takes the other
/// takes too. Past one the request is refused with an error naming it, before anything
/// changes. (The line itself is bounded by the server's `maxLineLength`.)
extension ControlRequest {
    /// `runs` when their text is within `ScreenFile.maximumTextBytes`; else the error saying
    /// so. (The number of runs is checked before they are parsed.)
    static func checkedLength(title runs: [ScreenFile.TitleRun]) throws(ControlError) -> [ScreenFile.TitleRun] {
        guard runs.reduce(0, { $0 + $1.text.utf8.count }) <= ScreenFile.maximumTextBytes else {
            throw ControlError("\"title\" is longer than \(ScreenFile.maximumTextBytes) bytes")
        }
        return runs
    }
}
