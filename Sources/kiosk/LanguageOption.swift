import ArgumentParser
import KioskUI

/// `--language` of `run`, `snapshot` and `simulate`: the language the screens start in,
/// over a screen file's `[display] language`.
struct LanguageOption: ParsableArguments {
    @Option(help: "The language to show: de, ar, pt-BR (default: the screen file's, else English).")
    var language: String?

    func validate() throws {
        guard let language else { return }
        do {
            _ = try LanguageTag(validating: language)
        } catch {
            throw ValidationError("--language: \(error)")
        }
    }

    var locale: LanguageTag? { language.map { LanguageTag($0) } }
}
