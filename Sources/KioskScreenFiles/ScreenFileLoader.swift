import FoundationEssentials
import Glibc
import KioskCore
import KioskViews
import KioskTOML

extension ScreenFile {
    /// Reads and checks the screen file at `path`; icons are read relative to it. Only a
    /// regular file of at most `maximumFileBytes` is read.
    public init(contentsOf path: String) throws(ScreenFileError) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: Self.maximumFileBytes)
        } catch {
            throw ScreenFileError(file: path, line: 1, key: nil, message: "cannot read the file: \(error.reason)")
        }
        try self.init(parsing: bytes, path: path)
    }

    /// Parses `text` as if read from `path` (which names errors and anchors icon paths).
    public init(parsing text: String, path: String) throws(ScreenFileError) {
        try self.init(parsing: Array(text.utf8), path: path)
    }

    /// Parses the bytes of a screen file; any bytes give a file or an error, never a trap.
    public init(parsing bytes: [UInt8], path: String) throws(ScreenFileError) {
        let loader = Loader(path: path)
        let table: TOMLTable
        do { table = try TOML.parse(bytes) } catch { throw ScreenFileError(file: path, syntax: error) }
        self = try loader.load(table)
    }
}

/// Walks the parsed table, checking each key against the schema. Each section's table is
/// kept by name so an error names the line of its key, or of its header. Screen items
/// (labels, stacks, controls) are read in ScreenFileElementLoader.swift.
final class Loader {
    let path: String
    var sections: [String: TOMLTable] = [:]
    /// The file's language (`display.language`, else English): what a text given only by
    /// language reads as where no translation serves, and what a picker's option is named by.
    var language = "en"
    /// Buttons and items read so far in the file, and on the screen being read outside
    /// lists (`ScreenFile.maximumElements`, `maximumShownElements`).
    var elements = 0
    var shownElements = 0
    /// The icons and images read so far.
    var pictures: [String] = []

    init(path: String) {
        self.path = path
    }

    func fail(_ section: String, _ key: String?, _ message: String) -> ScreenFileError {
        let name = [section, key].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ".")
        let line = sections[section]?.line(of: key) ?? 1
        return ScreenFileError(file: path, line: line, key: name.isEmpty ? nil : name, message: message)
    }

    func checkKeys(_ table: TOMLTable, _ known: [String], _ section: String) throws(ScreenFileError) {
        sections[section] = table
        for key in table.keys where !known.contains(key) {
            throw fail(section, key, "unknown key (known keys: \(known.joined(separator: ", ")))")
        }
    }

    // MARK: Typed values

    func int(_ table: TOMLTable, _ key: String, _ section: String, range: ClosedRange<Int>) throws(ScreenFileError) -> Int? {
        guard let value = table[key] else { return nil }
        guard let n = value.integer else { throw fail(section, key, "expected an integer, got \(value.typeName)") }
        guard range.contains(n) else { throw fail(section, key, "\(n) is out of range \(range.lowerBound)...\(range.upperBound)") }
        return n
    }

    func number(_ table: TOMLTable, _ key: String, _ section: String) throws(ScreenFileError) -> Double? {
        guard let value = table[key] else { return nil }
        guard let n = value.number else { throw fail(section, key, "expected a number, got \(value.typeName)") }
        guard n.isFinite, n >= 0, n <= 10_000 else { throw fail(section, key, "\(n) is out of range 0...10000") }
        return n
    }

    func string(_ table: TOMLTable, _ key: String, _ section: String) throws(ScreenFileError) -> String? {
        guard let value = table[key] else { return nil }
        guard let s = value.string else { throw fail(section, key, "expected a string, got \(value.typeName)") }
        return s
    }

    func bool(_ table: TOMLTable, _ key: String, _ section: String) throws(ScreenFileError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let b = value.bool else { throw fail(section, key, "expected true or false, got \(value.typeName)") }
        return b
    }

    func color(_ table: TOMLTable, _ key: String, _ section: String) throws(ScreenFileError) -> PixelColor? {
        guard let text = try string(table, key, section) else { return nil }
        do {
            return try PixelColor(hex: text)
        } catch {
            throw fail(section, key, error.description)
        }
    }

    func choice(_ table: TOMLTable, _ key: String, _ section: String, _ options: [String]) throws(ScreenFileError) -> String? {
        guard let text = try string(table, key, section) else { return nil }
        guard options.contains(text) else {
            throw fail(section, key, "\(ErrorText.quoted(text)) is not one of \(options.joined(separator: " | "))")
        }
        return text
    }

    /// `text_size` and `contrast`, by their SwiftUI names.
    func accessibility(_ table: TOMLTable, _ section: String) throws(ScreenFileError) -> AccessibilityChange {
        AccessibilityChange(
            textSize: try choice(table, "text_size", section, AccessibilityChange.textSizeNames)
                .flatMap { name in try? AccessibilityChange.textSize(named: name) },
            contrast: try choice(table, "contrast", section, AccessibilityChange.contrastNames)
                .flatMap { name in try? AccessibilityChange.contrast(named: name) })
    }

    /// `transition`: how screens change, by `ScreenTransition`'s names.
    func transition(_ table: TOMLTable, _ section: String) throws(ScreenFileError) -> ScreenTransition? {
        try choice(table, "transition", section, ScreenTransition.allCases.map(\.rawValue)).flatMap(ScreenTransition.init(rawValue:))
    }

    func language(_ table: TOMLTable, _ key: String, _ section: String) throws(ScreenFileError) -> String? {
        guard let text = try string(table, key, section) else { return nil }
        return try languageTag(text, section, key)
    }

    /// `text` as a language tag's canonical form ("pt_br" is "pt-BR"); one of no known
    /// language is an error at `section.key`.
    func languageTag(_ text: String, _ section: String, _ key: String) throws(ScreenFileError) -> String {
        do {
            return try LanguageTag(validating: text).identifier
        } catch {
            throw fail(section, key, error.description)
        }
    }

    func identifier(_ table: TOMLTable, _ key: String, _ section: String) throws(ScreenFileError) -> String? {
        guard let text = try string(table, key, section) else { return nil }
        guard !text.isEmpty else { throw fail(section, key, "must not be empty") }
        return text
    }

    func tables(_ table: TOMLTable, _ key: String, _ section: String) throws(ScreenFileError) -> [TOMLTable] {
        guard let value = table[key] else { return [] }
        guard let array = value.array else {
            throw fail(section, key, "expected an array of tables ([[\(section.isEmpty ? key : "screens.\(key)")]]), got \(value.typeName)")
        }
        var result: [TOMLTable] = []
        for element in array {
            guard let t = element.table else {
                throw fail(section, key, "expected tables, got \(element.typeName)")
            }
            result.append(t)
        }
        return result
    }

    // MARK: Sections

    func load(_ root: TOMLTable) throws(ScreenFileError) -> ScreenFile {
        var file = ScreenFile(path: path)
        try checkKeys(root, ["display", "gestures", "screens", "strings"], "")
        if let display = root["display"] {
            guard let table = display.table else { throw fail("", "display", "expected a table, got \(display.typeName)") }
            file.display = try loadDisplay(table)
            language = file.display.language ?? language
        }
        if let gestures = root["gestures"] {
            guard let table = gestures.table else { throw fail("", "gestures", "expected a table, got \(gestures.typeName)") }
            file.gestures = try loadGestures(table)
        }
        let screens = try tables(root, "screens", "")
        guard !screens.isEmpty else { throw fail("", "screens", "a screen file needs at least one [[screens]]") }
        guard screens.count <= ScreenFile.maximumScreens else {
            throw fail("", "screens", "more than \(ScreenFile.maximumScreens) screens")
        }
        var buttonIDs: [String: String] = [:]
        var screenIDs: Set<String> = []
        for (index, table) in screens.enumerated() {
            let screen = try loadScreen(table, index: index, buttonIDs: &buttonIDs)
            guard screenIDs.insert(screen.id).inserted else {
                throw fail("screens[\(index)]", "id", "duplicate screen id \(ErrorText.quoted(screen.id))")
            }
            file.screens.append(screen)
        }
        try checkDestinations(file)
        try checkItemDestinations(file, ids: buttonIDs)
        if let strings = root["strings"] { try loadStrings(strings, into: &file) }
        file.files = [path] + pictures
        let language = file.display.language ?? "en"
        file.updateButtons { button in
            guard button.title.isEmpty else { return }
            button.title = ScreenFile.fileText(in: button.translations, language: language) ?? []
        }
        return file
    }

    /// `[strings.de]`: titles by button id, one table per language, put on the buttons in
    /// one pass over them.
    func loadStrings(_ value: TOMLValue, into file: inout ScreenFile) throws(ScreenFileError) {
        guard let languages = value.table else { throw fail("", "strings", "expected a table of languages, got \(value.typeName)") }
        sections["strings"] = languages
        let ids = Set(file.screens.flatMap { $0.allButtons.map(\.id) })
        var translations: [String: [String: [ScreenFile.TitleRun]]] = [:]
        for language in languages.keys.sorted() {
            let section = "strings." + language
            let tag = try languageTag(language, "strings", language)
            guard let titles = languages[language]?.table else {
                throw fail("strings", language, "expected a table of button titles, got \(languages[language]?.typeName ?? "nothing")")
            }
            sections[section] = titles
            for id in titles.keys.sorted() {
                guard ids.contains(id) else {
                    throw fail(section, id, "no button has the id \(ErrorText.quoted(id))")
                }
                translations[id, default: [:]][tag] = try loadRuns(titles[id]!, section, id)
            }
        }
        file.updateButtons { button in
            button.translations.merge(translations[button.id] ?? [:]) { $1 }
        }
    }

    func loadDisplay(_ table: TOMLTable) throws(ScreenFileError) -> ScreenFile.Display {
        try checkKeys(table, ["width", "height", "background", "rotation", "idle_seconds", "blank_schedule", "backlight", "language",
                              "text_size", "contrast", "transition"], "display")
        var display = ScreenFile.Display()
        display.width = try int(table, "width", "display", range: 1...PixelLimits.maximumSide)
        display.height = try int(table, "height", "display", range: 1...PixelLimits.maximumSide)
        if let width = display.width, let height = display.height, let problem = PixelLimits.problem(width: width, height: height) {
            throw fail("display", "height", problem)
        }
        display.background = try color(table, "background", "display") ?? display.background
        if let rotation = try int(table, "rotation", "display", range: 0...270) {
            guard [0, 90, 180, 270].contains(rotation) else { throw fail("display", "rotation", "must be 0, 90, 180 or 270, got \(rotation)") }
            display.rotation = rotation
        }
        display.idleSeconds = try int(table, "idle_seconds", "display", range: 1...604_800)
        if let schedule = try string(table, "blank_schedule", "display") {
            do {
                display.blankSchedule = try BlankSchedule(parsing: schedule)
            } catch {
                throw fail("display", "blank_schedule", error.message)
            }
        }
        display.backlight = try identifier(table, "backlight", "display")
        display.language = try language(table, "language", "display")
        display.accessibility = try accessibility(table, "display")
        display.transition = try transition(table, "display")
        return display
    }

    func loadGestures(_ table: TOMLTable) throws(ScreenFileError) -> GestureConfiguration {
        try checkKeys(table, ["long_press_ms", "repeat_delay_ms", "repeat_interval_ms", "cancel_margin_px"], "gestures")
        var configuration = GestureConfiguration()
        if let ms = try int(table, "long_press_ms", "gestures", range: 1...600_000) { configuration.longPressDuration = Microseconds(ms) * 1000 }
        if let ms = try int(table, "repeat_delay_ms", "gestures", range: 1...600_000) { configuration.repeatDelay = Microseconds(ms) * 1000 }
        if let ms = try int(table, "repeat_interval_ms", "gestures", range: 1...600_000) { configuration.repeatInterval = Microseconds(ms) * 1000 }
        if let px = try int(table, "cancel_margin_px", "gestures", range: 0...10_000) { configuration.cancelMargin = Double(px) }
        return configuration
    }

    func loadScreen(_ table: TOMLTable, index: Int, buttonIDs: inout [String: String]) throws(ScreenFileError) -> ScreenFile.ScreenSpec {
        let section = "screens[\(index)]"
        try checkKeys(table, ["id", "columns", "spacing", "padding", "fill", "swipe_left", "swipe_right", "swipe_up", "swipe_down",
                              "transition", "buttons", "items"], section)
        guard let id = try identifier(table, "id", section) else { throw fail(section, nil, "a screen needs an id") }
        var screen = ScreenFile.ScreenSpec(id: id)
        screen.columns = try int(table, "columns", section, range: 1...64) ?? screen.columns
        screen.spacing = try number(table, "spacing", section) ?? screen.spacing
        screen.padding = try number(table, "padding", section) ?? screen.padding
        screen.fill = try bool(table, "fill", section) ?? screen.fill
        screen.transition = try transition(table, section)
        for direction in SwipeDirection.allCases {
            if let destination = try identifier(table, "swipe_\(direction.rawValue)", section) { screen.swipes[direction] = destination }
        }
        shownElements = 0
        for (b, buttonTable) in try tables(table, "buttons", section).enumerated() {
            sections["\(section).buttons[\(b)]"] = buttonTable
            try countElement("\(section).buttons[\(b)]", shown: true)
            let button = try loadButton(buttonTable, section: "\(section).buttons[\(b)]")
            if let first = buttonIDs[button.id] {
                throw fail("\(section).buttons[\(b)]", "id", "duplicate button id \(ErrorText.quoted(button.id)) (first used in \(first))")
            }
            buttonIDs[button.id] = "\(section).buttons[\(b)]"
            screen.buttons.append(button)
        }
        screen.items = try loadItems(table, section, ids: &buttonIDs, lists: [])
        if !screen.buttons.isEmpty && !screen.items.isEmpty {
            throw fail(section, "items", "a screen is a grid of [[screens.buttons]] or a column of [[screens.items]], not both")
        }
        return screen
    }

    func loadButton(_ table: TOMLTable, section: String, itemKeys: [String] = []) throws(ScreenFileError) -> ScreenFile.ButtonSpec {
        try checkKeys(table, itemKeys + ["id", "title", "role", "style", "size", "shape", "corner_radius", "icon", "repeat",
                              "long_press", "disabled", "goto", "exec", "line_limit", "minimum_scale", "truncation", "language",
                              "a11y_label", "a11y_hint", "text_size", "contrast", "fill", "align", "min_width", "min_height",
                                         "confirm"], section)
        guard let id = try identifier(table, "id", section) else { throw fail(section, nil, "a button needs an id") }
        var button = ScreenFile.ButtonSpec(id: id)
        try loadTitle(table, section, into: &button)
        button.language = try language(table, "language", section)
        button.accessibility = try accessibility(table, section)
        button.role = try choice(table, "role", section, ButtonRole.allCases.map(\.rawValue)).flatMap(ButtonRole.init(rawValue:))
        button.style = try choice(table, "style", section, ScreenFile.styles) ?? button.style
        button.size = try choice(table, "size", section, ControlSize.allCases.map(\.rawValue)).flatMap(ControlSize.init(rawValue:)) ?? .regular
        button.shape = try choice(table, "shape", section, ScreenFile.shapes) ?? button.shape
        button.cornerRadius = try number(table, "corner_radius", section)
        if let icon = try identifier(table, "icon", section) {
            (button.icon, button.iconPath) = try loadPNG(icon, section, "icon", as: "icon")
        }
        button.repeats = try bool(table, "repeat", section) ?? false
        button.longPress = try bool(table, "long_press", section) ?? false
        button.disabled = try bool(table, "disabled", section) ?? false
        if button.repeats && button.longPress { throw fail(section, "long_press", "a button cannot both repeat and trigger on a long press") }
        button.goto = try identifier(table, "goto", section)
        button.fill = try bool(table, "fill", section)
        if let name = try choice(table, "align", section, ScreenFile.alignments.map(\.name)) {
            button.align = ScreenFile.alignments.first { $0.name == name }!.alignment
        }
        for key in ["min_width", "min_height"] {
            guard let size = try number(table, key, section) else { continue }
            guard size >= 0, size <= 10_000 else { throw fail(section, key, "\(size) is out of range 0...10000") }
            if key == "min_width" { button.minWidth = size } else { button.minHeight = size }
        }
        button.lineLimit = try int(table, "line_limit", section, range: 1...100)
        if let scale = try number(table, "minimum_scale", section) {
            guard scale > 0, scale <= 1 else { throw fail(section, "minimum_scale", "\(scale) is out of range 0.01...1") }
            button.minimumScale = scale
        }
        button.truncation = try choice(table, "truncation", section, ["head", "middle", "tail"]).map { name in
            switch name {
            case "head": .head
            case "middle": .middle
            default: .tail
            }
        }
        for key in ["a11y_label", "a11y_hint"] {
            guard let text = try string(table, key, section) else { continue }
            guard !text.isEmpty else { throw fail(section, key, "must not be empty (leave it out to read the title)") }
            if key == "a11y_label" { button.accessibilityLabel = text } else { button.accessibilityHint = text }
        }
        if let value = table["exec"] {
            guard let array = value.array else { throw fail(section, "exec", "expected an array of strings, got \(value.typeName)") }
            var arguments: [String] = []
            for element in array {
                guard let s = element.string else { throw fail(section, "exec", "expected strings, got \(element.typeName)") }
                arguments.append(s)
            }
            guard let program = arguments.first, program.hasPrefix("/") else {
                throw fail(section, "exec", "the first element must be an absolute program path")
            }
            button.exec = arguments
        }
        if button.title.isEmpty && button.translations.isEmpty && button.icon == nil { throw fail(section, "title", "a button needs a title or an icon") }
        button.confirm = try confirmation(table, section, disabled: button.disabled)
        return button
    }

    /// `title`: a string, runs, or a table of either by language.
    func loadTitle(_ table: TOMLTable, _ section: String, into button: inout ScreenFile.ButtonSpec) throws(ScreenFileError) {
        guard let value = table["title"] else { return }
        (button.title, button.translations) = try loadTranslatedRuns(value, section, "title")
    }

    /// A string or runs (the runs, no translations), or a table of either by language (no
    /// runs of its own, the translations).
    func loadTranslatedRuns(_ value: TOMLValue, _ section: String, _ key: String) throws(ScreenFileError)
        -> ([ScreenFile.TitleRun], [String: [ScreenFile.TitleRun]]) {
        let (runs, translations) = try loadTranslated(value, section, key) { value throws(ScreenFileError) in
            try loadRuns(value, section, key)
        }
        return (runs ?? [], translations)
    }

    /// A string, or a table of strings by language (a control's title, a placeholder, an
    /// option); given only by language, its text is the file language's.
    func loadTranslatedString(_ value: TOMLValue, _ section: String, _ key: String) throws(ScreenFileError) -> ScreenFile.TranslatedString {
        let (text, translations) = try loadTranslated(value, section, key) { value throws(ScreenFileError) in
            guard let text = value.string else {
                throw fail(section, key, "expected a string or a table of strings by language, got \(value.typeName)")
            }
            try checkLength(text, section, key)
            return text
        }
        return ScreenFile.TranslatedString(text ?? ScreenFile.fileText(in: translations, language: language) ?? "", translations: translations)
    }

    /// Every translatable text's one shape: a value of its own (no translations), or a table
    /// of values by language tag (nil, the translations).
    private func loadTranslated<T>(_ value: TOMLValue, _ section: String, _ key: String,
                                   _ parse: (TOMLValue) throws(ScreenFileError) -> T) throws(ScreenFileError) -> (T?, [String: T]) {
        guard let languages = value.table else { return (try parse(value), [:]) }
        guard !languages.keys.isEmpty else { throw fail(section, key, "a table of \(key)s needs at least one language") }
        var translations: [String: T] = [:]
        for language in languages.keys.sorted() {
            translations[try languageTag(language, section, key)] = try parse(languages[language]!)
        }
        return (nil, translations)
    }

    /// A title value: a string, or an array of runs; at most `maximumRuns` runs and
    /// `maximumTextBytes` of text in all.
    func loadRuns(_ value: TOMLValue, _ section: String, _ name: String) throws(ScreenFileError) -> [ScreenFile.TitleRun] {
        if let s = value.string {
            try checkLength(s, section, name)
            return [ScreenFile.TitleRun(text: s)]
        }
        guard let array = value.array else {
            throw fail(section, name, "expected a string or an array of runs, got \(value.typeName)")
        }
        guard array.count <= ScreenFile.maximumRuns else {
            throw fail(section, name, "more than \(ScreenFile.maximumRuns) runs")
        }
        var runs: [ScreenFile.TitleRun] = []
        for (index, element) in array.enumerated() {
            let where_ = "\(name)[\(index)]"
            guard let run = element.table else {
                throw fail(section, name, "run \(index) must be a table like { text = \"…\" }, got \(element.typeName)")
            }
            for key in run.keys where !["text", "italic", "bold", "underline", "strikethrough", "size", "color"].contains(key) {
                throw fail(section, name, "unknown key \(ErrorText.quoted(key)) in run \(index) (known keys: text, italic, bold, underline, strikethrough, size, color)")
            }
            func flag(_ key: String) throws(ScreenFileError) -> Bool {
                guard let v = run[key] else { return false }
                guard let b = v.bool else { throw fail(section, name, "\(where_).\(key): expected true or false, got \(v.typeName)") }
                return b
            }
            guard let text = run["text"]?.string else {
                throw fail(section, name, "\(where_).text: every run needs text as a string")
            }
            var parsed = ScreenFile.TitleRun(text: text)
            parsed.italic = try flag("italic")
            parsed.bold = try flag("bold")
            parsed.underline = try flag("underline")
            parsed.strikethrough = try flag("strikethrough")
            if let size = run["size"] {
                guard let n = size.number, n > 0, n <= 500 else { throw fail(section, name, "\(where_).size: expected a number in 1...500") }
                parsed.size = n
            }
            if let color = run["color"] {
                guard let hex = color.string else { throw fail(section, name, "\(where_).color: expected a string") }
                do {
                    parsed.color = try PixelColor(hex: hex)
                } catch {
                    throw fail(section, name, "\(where_).color: \(error.description)")
                }
            }
            runs.append(parsed)
        }
        try checkLength(runs.map(\.text).joined(), section, name)
        return runs
    }

    func checkDestinations(_ file: ScreenFile) throws(ScreenFileError) {
        let ids = Set(file.screens.map(\.id))
        for (s, screen) in file.screens.enumerated() {
            for direction in SwipeDirection.allCases {
                if let destination = screen.swipes[direction], !ids.contains(destination) {
                    throw fail("screens[\(s)]", "swipe_\(direction.rawValue)", "no screen has the id \(ErrorText.quoted(destination))")
                }
            }
            for (b, button) in screen.buttons.enumerated() {
                if let destination = button.goto, !ids.contains(destination) {
                    throw fail("screens[\(s)].buttons[\(b)]", "goto", "dangling goto: no screen has the id \(ErrorText.quoted(destination))")
                }
            }
        }
    }
}
