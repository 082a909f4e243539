import FoundationEssentials
import Glibc
import KioskViews

extension ScreenFile {
    /// One entry of a screen's `[[screens.items]]` (or of a stack's or list's `items`),
    /// chosen by its `kind`: what a screen shows when it is more than a grid of buttons.
    public indirect enum Element {
        case label(LabelSpec)
        case image(ImageSpec)
        case stack(StackSpec)
        case spacer(minLength: Double?)
        case list(StackSpec)
        case button(ButtonSpec)
        case control(ControlSpec)

        /// The `kind` names, in the order the docs list them.
        static let kinds = ["label", "image", "stack", "spacer", "list", "button", "toggle", "slider", "stepper", "picker",
                            "text_field", "progress"]

        /// The buttons in this element and everything in it.
        var buttons: [ButtonSpec] {
            switch self {
            case .button(let button): [button]
            case .stack(let stack), .list(let stack): stack.allItems.flatMap(\.buttons)
            default: []
            }
        }

        /// The labels in this element and everything in it.
        var labels: [LabelSpec] {
            switch self {
            case .label(let label): [label]
            case .stack(let stack), .list(let stack):
                stack.sections.flatMap { [$0.header, $0.footer].compactMap { $0 } } + stack.allItems.flatMap(\.labels)
            default: []
            }
        }

        /// Changes every button in this element and everything in it.
        mutating func updateButtons(_ body: (inout ButtonSpec) -> Void) {
            switch self {
            case .button(var button):
                body(&button)
                self = .button(button)
            case .stack(var stack):
                stack.updateButtons(body)
                self = .stack(stack)
            case .list(var list):
                list.updateButtons(body)
                self = .list(list)
            default:
                break
            }
        }

        /// The controls in this element and everything in it.
        var controls: [ControlSpec] {
            switch self {
            case .control(let control): [control]
            case .stack(let stack), .list(let stack): stack.allItems.flatMap(\.controls)
            default: []
            }
        }
    }

    /// Text that is not a button's title: runs as in titles (translated as titles are, by
    /// a table of languages), with their fitting.
    public struct LabelSpec {
        public var text: [TitleRun]
        public var translations: [String: [TitleRun]] = [:]
        public var lineLimit: Int?
        public var alignment: TextAlignment = .leading
    }

    /// A PNG read when the file is loaded, at its own size or fitted into `width`/`height`.
    public struct ImageSpec {
        public var canvas: Canvas
        public var path: String
        public var width: Double?
        public var height: Double?
        /// What a screen reader says; nil hides the image from it (decoration).
        public var accessibilityLabel: String?
    }

    /// A row (`h`) or column (`v`) of elements; as a `list`, scrolled along its axis with
    /// its elements made lazily.
    public struct StackSpec {
        public var axis: Axis = .vertical
        public var spacing: Double?
        /// Where the elements sit across the axis: leading/center/trailing in a column,
        /// top/center/bottom in a row.
        public var alignment = "center"
        public var padding: Double = 0
        public var items: [Element] = []
        /// A list's sections, in place of its items.
        public var sections: [SectionSpec] = []
        /// A list's section headers stay at its top while their rows scroll; footers at its bottom.
        public var pinsHeaders = false
        public var pinsFooters = false

        /// The items, and those of the sections.
        var allItems: [Element] { items + sections.flatMap(\.items) }

        mutating func updateButtons(_ body: (inout ButtonSpec) -> Void) {
            for i in items.indices { items[i].updateButtons(body) }
            for s in sections.indices {
                for i in sections[s].items.indices { sections[s].items[i].updateButtons(body) }
            }
        }
    }

    /// A section of a list: its rows under a header and over a footer (text, translated as
    /// labels are), both optional.
    public struct SectionSpec {
        public var header: LabelSpec?
        public var footer: LabelSpec?
        public var items: [Element] = []
    }

    /// A control with a value the event log reports and the control socket sets and reads.
    public struct ControlSpec {
        public enum Kind: Equatable {
            case toggle
            /// `step` nil: any value in the range.
            case slider(range: ClosedRange<Double>, step: Double?)
            case stepper(range: ClosedRange<Double>, step: Double)
            /// The options' texts in the file's language are their values.
            case picker(options: [TranslatedString])
            case textField(placeholder: TranslatedString, keyboard: UIKeyboardType, secure: Bool)
            /// `range` nil: a spinner, no value.
            case progress(total: Double?)
        }

        public var id: String
        public var kind: Kind
        /// The label beside the control; a stepper's or progress view's `{value}` shows the value.
        public var title: TranslatedString
        public var initial: UIEvent.Value?
        public var disabled = false

        /// Its title, placeholder and options.
        var translatedTexts: [TranslatedString] {
            switch kind {
            case .picker(let options): [title] + options
            case .textField(let placeholder, _, _): [title, placeholder]
            default: [title]
            }
        }

        /// What `kiosk ctl set` takes for it, for the error that says so.
        public var valueDescription: String {
            switch kind {
            case .toggle: "true or false"
            case .slider(let range, _), .stepper(let range, _): "a number in \(UIEvent.Value.format(range.lowerBound))...\(UIEvent.Value.format(range.upperBound))"
            case .picker(let options): "one of " + options.map { "\"\($0.text)\"" }.joined(separator: ", ")
            case .textField: "a string"
            case .progress(let total?): "a number in 0...\(UIEvent.Value.format(total))"
            case .progress(nil): "nothing (a spinner has no value)"
            }
        }

        /// `value` when it fits this control (snapped to a stepper's or slider's step), else nil.
        public func accepted(_ value: UIEvent.Value) -> UIEvent.Value? {
            switch (kind, value) {
            case (.toggle, .bool): return value
            case (.slider(let range, let step), .number(let n)) where range.contains(n):
                return .number(step.map { Self.snap(n, in: range, step: $0) } ?? n)
            case (.stepper(let range, let step), .number(let n)) where range.contains(n):
                return .number(Self.snap(n, in: range, step: step))
            case (.picker(let options), .text(let text)) where options.contains(where: { $0.text == text }): return value
            case (.textField, .text): return value
            case (.progress(let total?), .number(let n)) where n >= 0 && n <= total: return value
            default: return nil
            }
        }

        static func snap(_ value: Double, in range: ClosedRange<Double>, step: Double) -> Double {
            min(range.upperBound, range.lowerBound + ((value - range.lowerBound) / step).rounded() * step)
        }
    }
}

extension ScreenFile.LabelSpec {
    /// The text for `locale`: its language with region, then without, then the label's own
    /// text, then English, then the first language's.
    public func text(for locale: LanguageTag) -> [ScreenFile.TitleRun] {
        if let runs = ScreenFile.translation(in: translations, for: locale) { return runs }
        if !text.isEmpty { return text }
        return ScreenFile.fileText(in: translations, language: "en") ?? []
    }
}

extension ScreenFile {
    /// Text given in one language or in several (`title = { en = "Milk", de = "Milch" }`):
    /// a control's title, a text field's placeholder, a picker's option. `text` is the
    /// file's language's: its `display.language`, else English, else the first listed.
    public struct TranslatedString: Hashable, ExpressibleByStringLiteral {
        public var text: String
        public var translations: [String: String] = [:]

        public init(_ text: String, translations: [String: String] = [:]) {
            self.text = text
            self.translations = translations
        }

        public init(stringLiteral text: String) { self.init(text) }

        /// The text for `locale`: its language with region, then without, then `text`.
        public func text(for locale: LanguageTag) -> String { ScreenFile.translation(in: translations, for: locale) ?? text }
    }

    /// The translation for `locale` the way every text of a file picks one: its language
    /// with region ("pt-BR"), then without ("pt").
    static func translation<T>(in translations: [String: T], for locale: LanguageTag) -> T? {
        translations[locale.identifier] ?? translations[locale.languageCode]
    }

    /// The text for the file's language `tag` when a text gave only translations: that
    /// language's, then English, then the first language's.
    static func fileText<T>(in translations: [String: T], language tag: String) -> T? {
        translations[tag] ?? translations["en"] ?? translations.keys.sorted().first.flatMap { translations[$0] }
    }
}

extension ScreenFile {
    /// Changes every button, in the grids and among the items (translations, titles).
    mutating func updateButtons(_ body: (inout ButtonSpec) -> Void) {
        for s in screens.indices {
            for b in screens[s].buttons.indices { body(&screens[s].buttons[b]) }
            for i in screens[s].items.indices { screens[s].items[i].updateButtons(body) }
        }
    }
}

extension ScreenFile.ScreenSpec {
    /// The grid's buttons and those among the items.
    public var allButtons: [ScreenFile.ButtonSpec] { buttons + items.flatMap(\.buttons) }

    /// The labels among the items.
    public var labels: [ScreenFile.LabelSpec] { items.flatMap(\.labels) }

    /// The controls among the items.
    public var controls: [ScreenFile.ControlSpec] { items.flatMap(\.controls) }
}
