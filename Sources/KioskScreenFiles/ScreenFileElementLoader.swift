import FoundationEssentials
import Glibc
import KioskCore
import KioskTOML
import KioskViews

/// Reads `[[screens.items]]`: each table's `kind` says what it is and which keys it takes.
/// Stacks and lists hold `items` of their own (`[[screens.items.items]]`); a list inside a
/// list on the same axis cannot scroll and is an error.
extension Loader {
    func loadItems(_ table: TOMLTable, _ section: String, ids: inout [String: String], lists: Set<Axis>) throws(ScreenFileError) -> [ScreenFile.Element] {
        var items: [ScreenFile.Element] = []
        for (index, item) in try tables(table, "items", section).enumerated() {
            items.append(try loadItem(item, "\(section).items[\(index)]", ids: &ids, lists: lists))
        }
        return items
    }

    func loadItem(_ table: TOMLTable, _ section: String, ids: inout [String: String], lists: Set<Axis>) throws(ScreenFileError) -> ScreenFile.Element {
        sections[section] = table
        try countElement(section, shown: lists.isEmpty)
        guard table["kind"] != nil else {
            throw fail(section, nil, "an item needs a kind: " + ScreenFile.Element.kinds.joined(separator: " | "))
        }
        let kind = try choice(table, "kind", section, ScreenFile.Element.kinds)!
        let element: ScreenFile.Element
        switch kind {
        case "label": element = .label(try loadLabel(table, section))
        case "image": element = .image(try loadImage(table, section))
        case "spacer":
            try checkKeys(table, ["kind", "min_length"], section)
            element = .spacer(minLength: try number(table, "min_length", section))
        case "stack", "list":
            let listKeys = kind == "list" ? ["sections", "pin_headers", "pin_footers"] : []
            try checkKeys(table, ["kind", "axis", "spacing", "align", "padding", "items"] + listKeys, section)
            var stack = ScreenFile.StackSpec()
            stack.axis = try choice(table, "axis", section, ["h", "v"]) == "h" ? .horizontal : .vertical
            var lists = lists
            if kind == "list" {
                guard !lists.contains(stack.axis) else {
                    throw fail(section, "kind", "a list inside a list that scrolls the same way cannot scroll; make one of them a stack or give it the other axis")
                }
                lists.insert(stack.axis)
            }
            stack.spacing = try number(table, "spacing", section)
            stack.padding = try number(table, "padding", section) ?? 0
            let alignments = stack.axis == .horizontal ? ["top", "center", "bottom"] : ["leading", "center", "trailing"]
            stack.alignment = try choice(table, "align", section, alignments) ?? "center"
            stack.items = try loadItems(table, section, ids: &ids, lists: lists)
            if kind == "list" { try loadSections(table, section, into: &stack, ids: &ids, lists: lists) }
            element = kind == "list" ? .list(stack) : .stack(stack)
        case "button":
            let button = try loadButton(table, section: section, itemKeys: ["kind"])
            try claim(button.id, section, ids: &ids)
            element = .button(button)
        default:
            let control = try loadControl(table, kind, section)
            try claim(control.id, section, ids: &ids)
            element = .control(control)
        }
        return element
    }

    /// A list's `[[screens.items.sections]]`: each a header and a footer (a label's text:
    /// a string, runs, or a table of them by language) and its own `items`; pinned headers
    /// and footers only where there are sections.
    private func loadSections(_ table: TOMLTable, _ section: String, into list: inout ScreenFile.StackSpec,
                              ids: inout [String: String], lists: Set<Axis>) throws(ScreenFileError) {
        let sectionTables = try tables(table, "sections", section)
        if !sectionTables.isEmpty, table["items"] != nil {
            throw fail(section, "sections", "a list has items or sections, not both (put its items in its sections)")
        }
        for (index, sectionTable) in sectionTables.enumerated() {
            let name = "\(section).sections[\(index)]"
            try checkKeys(sectionTable, ["header", "footer", "items"], name)
            var spec = ScreenFile.SectionSpec()
            for key in ["header", "footer"] {
                guard let value = sectionTable[key] else { continue }
                let (text, translations) = try loadTranslatedRuns(value, name, key)
                let label = ScreenFile.LabelSpec(text: text, translations: translations)
                if key == "header" { spec.header = label } else { spec.footer = label }
            }
            spec.items = try loadItems(sectionTable, name, ids: &ids, lists: lists)
            list.sections.append(spec)
        }
        for key in ["pin_headers", "pin_footers"] {
            guard let pinned = try bool(table, key, section) else { continue }
            guard !pinned || !sectionTables.isEmpty else {
                throw fail(section, key, "only a list with [[…sections]] has section headers and footers to pin")
            }
            if key == "pin_headers" { list.pinsHeaders = pinned } else { list.pinsFooters = pinned }
        }
    }

    /// The PNG `file` names at `section.key` (relative to the screen file), and its path: a
    /// missing file, one that is not a regular file (a FIFO would block start-up) and one
    /// libpng cannot read are errors naming it.
    func loadPNG(_ file: String, _ section: String, _ key: String, as what: String) throws(ScreenFileError) -> (Canvas, String) {
        let base = PathComponents.directory(of: path)
        let full = file.hasPrefix("/") || base.isEmpty ? file : base + "/" + file
        if !pictures.contains(full) { pictures.append(full) }
        guard FileManager.default.fileExists(atPath: full) else { throw fail(section, key, "missing \(what): no file at \(full)") }
        do {
            return (try Canvas(pngFile: full), full)
        } catch let error as PNGError {
            throw fail(section, key, "unreadable \(what) \(full): \(error.reason)")
        } catch {
            throw fail(section, key, "unreadable \(what) \(full): \(error)")
        }
    }

    /// Buttons and controls share one set of ids: the control socket names either by it.
    private func claim(_ id: String, _ section: String, ids: inout [String: String]) throws(ScreenFileError) {
        if let first = ids[id] { throw fail(section, "id", "duplicate id \(ErrorText.quoted(id)) (first used in \(first))") }
        ids[id] = section
    }

    /// `confirm`: the question a button asks before it acts; a disabled button never acts.
    func confirmation(_ table: TOMLTable, _ section: String, disabled: Bool) throws(ScreenFileError) -> String? {
        guard let question = try string(table, "confirm", section) else { return nil }
        guard !question.isEmpty else { throw fail(section, "confirm", "must not be empty (leave it out to act at once)") }
        guard !disabled else { throw fail(section, "confirm", "a disabled button never acts, so it has nothing to confirm") }
        return question
    }

    /// Every item button's `goto` leads to a screen; `ids` says where each button is.
    func checkItemDestinations(_ file: ScreenFile, ids: [String: String]) throws(ScreenFileError) {
        let screens = Set(file.screens.map(\.id))
        for button in file.screens.flatMap({ $0.items.flatMap(\.buttons) }) {
            if let destination = button.goto, !screens.contains(destination) {
                throw fail(ids[button.id] ?? "", "goto", "dangling goto: no screen has the id \(ErrorText.quoted(destination))")
            }
        }
    }

    // MARK: Kinds

    private func loadLabel(_ table: TOMLTable, _ section: String) throws(ScreenFileError) -> ScreenFile.LabelSpec {
        try checkKeys(table, ["kind", "text", "line_limit", "text_align"], section)
        guard let value = table["text"] else { throw fail(section, "text", "a label needs text (a string or runs)") }
        let (text, translations) = try loadTranslatedRuns(value, section, "text")
        var label = ScreenFile.LabelSpec(text: text, translations: translations)
        label.lineLimit = try int(table, "line_limit", section, range: 1...100)
        label.alignment = switch try choice(table, "text_align", section, ["leading", "center", "trailing"]) {
        case "center": .center
        case "trailing": .trailing
        default: .leading
        }
        return label
    }

    private func loadImage(_ table: TOMLTable, _ section: String) throws(ScreenFileError) -> ScreenFile.ImageSpec {
        try checkKeys(table, ["kind", "path", "width", "height", "a11y_label"], section)
        guard let file = try identifier(table, "path", section) else { throw fail(section, "path", "an image needs a path (a PNG next to the file)") }
        let (canvas, full) = try loadPNG(file, section, "path", as: "image")
        var image = ScreenFile.ImageSpec(canvas: canvas, path: full)
        for key in ["width", "height"] {
            guard let size = try number(table, key, section) else { continue }
            guard size >= 1 else { throw fail(section, key, "\(size) is out of range 1...10000") }
            if key == "width" { image.width = size } else { image.height = size }
        }
        image.accessibilityLabel = try identifier(table, "a11y_label", section)
        return image
    }

    private func loadControl(_ table: TOMLTable, _ kind: String, _ section: String) throws(ScreenFileError) -> ScreenFile.ControlSpec {
        let common = ["kind", "id", "title", "disabled"]
        let keys: [String] = switch kind {
        case "toggle": ["on"]
        case "slider", "stepper": ["min", "max", "step", "value"]
        case "picker": ["options", "value"]
        case "text_field": ["placeholder", "keyboard", "secure"]
        default: ["value", "total"]
        }
        try checkKeys(table, common + keys, section)
        guard let id = try identifier(table, "id", section) else { throw fail(section, nil, "a \(kind) needs an id") }
        let title = try table["title"].map { value throws(ScreenFileError) in try loadTranslatedString(value, section, "title") } ?? ""
        var control: ScreenFile.ControlSpec
        switch kind {
        case "toggle":
            control = ScreenFile.ControlSpec(id: id, kind: .toggle, title: title, initial: .bool(try bool(table, "on", section) ?? false))
        case "slider", "stepper":
            let low = try signed(table, "min", section) ?? 0
            let high = try signed(table, "max", section) ?? (kind == "slider" ? 1 : 10)
            guard low < high else { throw fail(section, table["min"] != nil ? "min" : "max", "min (\(UIEvent.Value.format(low))) must be less than max (\(UIEvent.Value.format(high)))") }
            let step = try signed(table, "step", section)
            if let step, step <= 0 || step > high - low {
                throw fail(section, "step", "\(UIEvent.Value.format(step)) is out of range: a step is more than 0 and at most max - min")
            }
            let value = try signed(table, "value", section) ?? low
            guard (low...high).contains(value) else { throw fail(section, "value", "\(UIEvent.Value.format(value)) is outside min...max") }
            let range = low...high
            control = ScreenFile.ControlSpec(id: id, kind: kind == "slider" ? .slider(range: range, step: step) : .stepper(range: range, step: step ?? 1),
                                             title: title, initial: nil)
            control.initial = control.accepted(.number(value))
        case "picker":
            guard let value = table["options"] else { throw fail(section, "options", "a picker needs options = [\"…\", \"…\"]") }
            guard let array = value.array, !array.isEmpty else { throw fail(section, "options", "expected a non-empty array of strings, got \(value.typeName)") }
            guard array.count <= ScreenFile.maximumOptions else { throw fail(section, "options", "more than \(ScreenFile.maximumOptions) options") }
            var options: [ScreenFile.TranslatedString] = []
            var names: Set<String> = []
            for element in array {
                guard element.string != nil || element.table != nil else {
                    throw fail(section, "options", "expected non-empty strings or tables of them by language, got \(element.typeName)")
                }
                let option = try loadTranslatedString(element, section, "options")
                guard !option.text.isEmpty, !option.translations.values.contains("") else {
                    throw fail(section, "options", "an option must not be empty")
                }
                guard names.insert(option.text).inserted else { throw fail(section, "options", "\(ErrorText.quoted(option.text)) is listed twice") }
                options.append(option)
            }
            let selected = try choice(table, "value", section, options.map(\.text)) ?? options[0].text
            control = ScreenFile.ControlSpec(id: id, kind: .picker(options: options), title: title, initial: .text(selected))
        case "text_field":
            let keyboard: UIKeyboardType = try choice(table, "keyboard", section, ["default", "number"]) == "number" ? .numberPad : .default
            let placeholder = try table["placeholder"].map { value throws(ScreenFileError) in
                try loadTranslatedString(value, section, "placeholder")
            }
            control = ScreenFile.ControlSpec(id: id, kind: .textField(placeholder: placeholder ?? "", keyboard: keyboard,
                                                                      secure: try bool(table, "secure", section) ?? false),
                                             title: title, initial: .text(""))
        default:
            let total = try number(table, "total", section) ?? 1
            guard total > 0 else { throw fail(section, "total", "must be more than 0") }
            let value = try number(table, "value", section)
            if let value, value > total { throw fail(section, "value", "\(UIEvent.Value.format(value)) is more than total (\(UIEvent.Value.format(total)))") }
            control = ScreenFile.ControlSpec(id: id, kind: .progress(total: value == nil ? nil : total), title: title, initial: value.map { .number($0) })
        }
        control.disabled = try bool(table, "disabled", section) ?? false
        return control
    }

    /// A number that may be negative (a slider's range).
    private func signed(_ table: TOMLTable, _ key: String, _ section: String) throws(ScreenFileError) -> Double? {
        guard let value = table[key] else { return nil }
        guard let n = value.number else { throw fail(section, key, "expected a number, got \(value.typeName)") }
        guard n.isFinite, abs(n) <= 1_000_000_000 else { throw fail(section, key, "\(n) is out of range -1e9...1e9") }
        return n
    }
}
