import ArgumentParser
import FoundationEssentials
import Glibc
import KioskRuntime
import KioskScreenFiles

/// `--language` of `run`, `snapshot` and `simulate`: the language the screens start in,
/// over a screen file's `[display] language`.
struct LanguageOption: ParsableArguments {
    @Option(help: "The language to show: de, ar, pt-BR (default: the screen file's, else English).")
    var language: String?

    func validate() throws {
        if let language, !ScreenFile.isLanguageTag(language) {
            throw ValidationError("--language: \"\(language)\" is not a language tag (like de or pt-BR)")
        }
    }

    var locale: Locale? { language.map { Locale(identifier: ScreenFile.languageTag($0)) } }
}
