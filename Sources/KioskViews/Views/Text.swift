import FoundationEssentials
import Glibc
import KioskGraphics

/// Text, possibly rich: `Text("Tap ").italic() + Text("NOW").bold().underline()` (seed 004).
/// Attributes a run does not set come from the environment (`font`, `foregroundColor`).
public struct Text: View, PrimitiveView, Hashable, Sendable {
    /// One piece of text and the attributes it sets itself.
    public struct Run: Hashable, Sendable {
        public var string: String
        public var font: Font?
        public var weight: Font.Weight?
        public var isItalic = false
        public var isUnderlined = false
        public var isStrikethrough = false
        public var color: Color?
        /// Where the string comes from when the environment decides it: a key looked up in
        /// the locale's strings, or a value formatted in the locale (`string` is then the
        /// text in the source language, for measuring and searching).
        var source: Source?

        public init(_ string: String) { self.string = string }

        init(_ string: String, source: Source) {
            self.string = string
            self.source = source
        }

        /// The run's text in `environment`'s locale.
        func string(in environment: EnvironmentValues) -> String {
            switch source {
            case nil: string
            case .localized(let key, let table, let bundle):
                (bundle ?? environment.stringCatalog).string(for: key, table: table, locale: environment.languageTag)
            case .formatted(let value): value.string(in: environment.languageTag)
            }
        }
    }

    enum Source: Hashable, @unchecked Sendable {
        case localized(LocalizedStringKey, table: String?, bundle: StringCatalog?)
        case formatted(LocaleFormatted)
    }

    public private(set) var runs: [Run]

    public init(runs: [Run]) { self.runs = runs }

    /// The text for `key` in the strings of the environment's locale (`bundle`'s strings when
    /// one is given), or the key itself. `bundle` is a catalog: `.main` is the main bundle's
    /// tables, as SwiftUI code writes it (Foundation's `Bundle` is full Foundation's, which
    /// the kiosk does not link).
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: StringCatalog? = nil, comment: StaticString? = nil) {
        let english = key.formatted(key.key, locale: .english)
        runs = [Run(english, source: .localized(key, table: tableName, bundle: bundle))]
    }

    /// The string shown as it is, never looked up (a literal is a `LocalizedStringKey`:
    /// this overload is disfavoured, as in SwiftUI).
    public init(verbatim content: String) { runs = [Run(content)] }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { self.init(verbatim: String(content)) }

    /// `input` formatted by `format` in the environment's locale
    /// (`Text(duration, format: .number.precision(.fractionLength(1)))`).
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        runs = [Run(format.format(input), source: .formatted(LocaleFormatted(input, format: format)))]
    }

    /// `Text(price, format: .currency(code: "EUR"))` with KioskUI's number styles, chosen over
    /// Foundation's where a file sees both.
    public init<V: FormattableNumber>(_ input: V, format: NumberFormat<V>) {
        runs = [Run(format.format(input), source: .formatted(LocaleFormatted(input, format: format)))]
    }

    /// `Text(date, format: .dateTime.month(.wide).year())` with KioskUI's date style.
    public init(_ input: Date, format: DateFormat) {
        runs = [Run(format.format(input), source: .formatted(LocaleFormatted(input, format: format)))]
    }

    public var body: Never { fatalError("Text is primitive") }

    public static func + (lhs: Text, rhs: Text) -> Text { Text(runs: lhs.runs + rhs.runs) }

    /// The plain characters of every run.
    public var string: String { runs.map(\.string).joined() }

    private func mapRuns(_ change: (inout Run) -> Void) -> Text {
        var copy = self
        for i in copy.runs.indices { change(&copy.runs[i]) }
        return copy
    }

    public func font(_ font: Font) -> Text { mapRuns { $0.font = font } }
    public func fontWeight(_ weight: Font.Weight) -> Text { mapRuns { $0.weight = weight } }
    public func bold() -> Text { fontWeight(.bold) }
    public func italic() -> Text { mapRuns { $0.isItalic = true } }
    public func underline(_ on: Bool = true) -> Text { mapRuns { $0.isUnderlined = on } }
    public func strikethrough(_ on: Bool = true) -> Text { mapRuns { $0.isStrikethrough = on } }
    public func foregroundColor(_ color: Color?) -> Text { mapRuns { $0.color = color } }

    /// The runs with every attribute settled from `environment`.
    func styled(in environment: EnvironmentValues) -> StyledText {
        StyledText(runs: runs.map { run in
            var font = (run.font ?? environment.font).scaled(to: environment.dynamicTypeSize)
            if let weight = run.weight ?? environment.fontWeight, weight > font.weight { font.weight = weight }
            if run.isItalic { font.isItalic = true }
            return StyledText.Run(string: run.string(in: environment), font: font, color: (run.color ?? environment.foregroundColor).resolved(in: environment),
                                  isUnderlined: run.isUnderlined || environment.underlinesText,
                                  isStrikethrough: run.isStrikethrough)
        }, fit: environment.resolvedTextFit)
    }

    func makeNode(_ context: ResolveContext) -> Node {
        TextNode(text: styled(in: context.environment), engine: context.session.textEngine, path: context.path)
    }
}
