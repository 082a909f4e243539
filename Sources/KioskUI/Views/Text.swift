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

        public init(_ string: String) { self.string = string }
    }

    public private(set) var runs: [Run]

    public init(_ string: String) { runs = [Run(string)] }

    public init(runs: [Run]) { self.runs = runs }

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
            var font = run.font ?? environment.font
            if let weight = run.weight ?? environment.fontWeight, weight > font.weight { font.weight = weight }
            if run.isItalic { font.isItalic = true }
            return StyledText.Run(string: run.string, font: font, color: (run.color ?? environment.foregroundColor).pixelColor,
                                  isUnderlined: run.isUnderlined || environment.underlinesText,
                                  isStrikethrough: run.isStrikethrough)
        }, fit: environment.resolvedTextFit)
    }

    func makeNode(_ context: ResolveContext) -> Node {
        TextNode(text: styled(in: context.environment), engine: context.session.textEngine, path: context.path)
    }
}
