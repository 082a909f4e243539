import KioskCore
import KioskTOML

/// What a screen file may hold (DESIGN.md's screen file section lists them): far more than a
/// kiosk shows, little enough that a file past them is one error at load time instead of
/// minutes of loading, gigabytes of views or text laid out for ever.
extension ScreenFile {
    /// A larger file is refused unread: a thousand buttons are about 50 KB, a list of
    /// 100,000 rows about 6 MB, and the parsed file takes some 40 times its size at most.
    public static let maximumFileBytes = 8 << 20
    public static let maximumScreens = 1_000
    /// Buttons and items of the whole file, list rows included: lists make their rows as
    /// they scroll into view, so a long list costs little until it is shown.
    public static let maximumElements = 200_000
    /// Buttons of a screen's grid, or items of a screen outside its lists: all are made and
    /// drawn at once (a thousand buttons on a 1280x800 panel are 32 px squares).
    public static let maximumShownElements = 1_000
    /// A picker shows every option as a segment side by side.
    public static let maximumOptions = 64
    /// Runs of one rich text (a title, a label, a header).
    public static let maximumRuns = 256
    /// UTF-8 bytes of one text (a title's runs together, a label, an option, a question):
    /// pages of text, as much as a control-socket line carries.
    public static let maximumTextBytes = 16 << 10
}

extension Loader {
    /// Counts a button or item at `section` (`shown`: outside any list) against the limits.
    func countElement(_ section: String, shown: Bool) throws(ScreenFileError) {
        elements += 1
        guard elements <= ScreenFile.maximumElements else {
            throw fail(section, nil, "more than \(ScreenFile.maximumElements) buttons and items in the file")
        }
        guard shown else { return }
        shownElements += 1
        guard shownElements <= ScreenFile.maximumShownElements else {
            throw fail(section, nil, "more than \(ScreenFile.maximumShownElements) buttons or items on one screen outside its lists")
        }
    }

    /// `text` at `section.key` is no longer than `ScreenFile.maximumTextBytes`.
    func checkLength(_ text: String, _ section: String, _ key: String) throws(ScreenFileError) {
        guard text.utf8.count <= ScreenFile.maximumTextBytes else {
            throw fail(section, key, "longer than \(ScreenFile.maximumTextBytes) bytes")
        }
    }
}
