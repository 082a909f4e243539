import ArgumentParser
import KioskViews

/// `--language` of `run`, `snapshot` and `simulate` (`kiosk`'s and a `KioskApp`'s): the
/// language the screens start in, over a screen file's `[display] language` and a board
/// profile's `language`.
public struct LanguageOption: ParsableArguments, Sendable {
    @Option(help: "The language to show: de, ar, pt-BR (default: the screen file's, else the board profile's, else English).")
    public var language: String?

    public init() {}

    public func validate() throws {
        guard let language else { return }
        do {
            _ = try LanguageTag(validating: language)
        } catch {
            throw ValidationError("--language: \(error)")
        }
    }

    public var locale: LanguageTag? { language.map { LanguageTag($0) } }
}
