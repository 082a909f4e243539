import FoundationEssentials
import KioskBoardProfiles
import KioskCore
import KioskCommandLine
import KioskDemo
import KioskRuntime
import KioskScreenFiles
import KioskText
import KioskViews
#if canImport(Glibc)
import Glibc
#endif

/// What the UI commands show: a screen file, or the built-in demo when none is given.
struct ScreenSource {
    let file: ScreenFile?
    let textEngine: KioskTextEngine

    /// Loads `path` (a bad file throws one error naming file, line and key; a missing one
    /// says so, with no line) and the fonts, which must draw every title unless `fonts`
    /// allows what is missing.
    init(path: String?, fonts: FontOptions = FontOptions()) throws {
        if let path { try checkReadable(path) }
        file = try path.map { path throws(ScreenFileError) in try ScreenFile(contentsOf: path) }
        textEngine = try Self.textEngine(fonts)
        if let file { try Self.checkCoverage(of: file, by: textEngine.library, fonts) }
    }

    /// `path` read again with the fonts already loaded (a watched file was saved).
    init(reading path: String, textEngine: KioskTextEngine, fonts: FontOptions) throws {
        file = try ScreenFile(contentsOf: path)
        self.textEngine = textEngine
        try Self.checkCoverage(of: file!, by: textEngine.library, fonts)
    }

    /// The bundled fonts; without the configured directory when it is missing and allowed.
    static func textEngine(_ fonts: FontOptions) throws -> KioskTextEngine {
        let engine: Result<KioskTextEngine, TextError> = Result { () throws(TextError) in try KioskTextEngine() }
        guard case .failure(let error) = engine, case .fontDirectoryMissing = error, fonts.allowMissingFonts else {
            return try engine.get()
        }
        printError("\(error); using the bundled fonts")
        return KioskTextEngine(library: try FontLibrary(directories: FontLocator.searchDirectories(configured: nil)))
    }

    /// Every title's and label's characters are drawn by some face, or the first that is not
    /// is named with its button (or label), screen and the directories searched.
    static func checkCoverage(of file: ScreenFile, by library: FontLibrary, _ fonts: FontOptions) throws {
        for screen in file.screens {
            let buttons = screen.allButtons.map { button in
                ("button \"\(button.id)\"", [button.title] + button.translations.keys.sorted().compactMap { button.translations[$0] })
            }
            let labels = screen.labels.map { label in
                ("label \"\(label.text.map(\.text).joined())\"", [label.text] + label.translations.keys.sorted().compactMap { label.translations[$0] })
            }
            for (name, texts) in buttons + labels {
                let missing = library.uncovered(in: texts.joined().map(\.text).joined())
                guard !missing.isEmpty else { continue }
                let characters = missing.prefix(5).map { "\"\($0)\" (U+\(String($0.value, radix: 16, uppercase: true)))" }
                let message = "\(file.path): \(name) on screen \"\(screen.id)\": no font draws "
                    + characters.joined(separator: ", ") + " (fonts looked for in "
                    + FontLocator.searchDirectories().joined(separator: ", ") + ")"
                guard fonts.allowMissingFonts else {
                    throw ValidationFailure(message + "; add a font to KIOSK_FONTS or the board profile's font_dir, or pass --allow-missing-fonts")
                }
                printError(message)
            }
        }
    }

    /// A host at `size` (else the file's size, else 1280x800) showing `screen` first (or,
    /// without a screen-changed event, `resuming`: the screen a reload stays on);
    /// buttons' `exec` goes to `run` (`kiosk run`'s action runner), else only to stderr:
    /// a simulation on a virtual clock starts no programs. The language, text size and
    /// contrast are the flags', else the file's, else the board profile's.
    func makeHost(size: PanelSize?, screen: String?, language: LanguageOption = LanguageOption(),
                  readability: ReadabilityOptions = ReadabilityOptions(), profile: BoardProfile? = nil,
                  overrides: ButtonOverrides = ButtonOverrides(), values: ControlValues = ControlValues(),
                  run: ((ExecRequest) -> Void)? = nil, resuming: String? = nil) throws -> UIHost {
        let navigator = Navigator()
        let host: UIHost
        if let file {
            let s = size.map { Size(width: Double($0.width), height: Double($0.height)) }
            host = file.makeHost(size: s, textEngine: textEngine, navigator: navigator, overrides: overrides, values: values,
                                 initialScreen: resuming, run: run ?? Self.skip)
        } else {
            let s = Size(width: Double(size?.width ?? 1280), height: Double(size?.height ?? 800))
            host = UIHost(size: s, screens: DemoApp.screens(model: CounterModel(), navigator: navigator),
                          textEngine: textEngine, navigator: navigator)
        }
        // The file's own language is set with its host; the board's only where it has none.
        let boardLanguage = file?.display.language == nil ? profile?.language : nil
        if let tag = language.locale ?? boardLanguage.map({ LanguageTag($0) }) { host.locale = tag }
        readability.change.over(file?.display.accessibility).over(profile?.accessibility).apply(to: host)
        if let screen {
            guard host.screens.contains(where: { $0.id == screen }) else {
                throw ValidationFailure("no screen has the id \"\(screen)\" (screens: \(host.screens.map(\.id).joined(separator: ", ")))")
            }
            host.show(screen: screen)
        }
        return host
    }

    /// Says which program a button would have run.
    static func skip(_ request: ExecRequest) {
        StandardStream.error.write("action \(request.button): not run outside kiosk run: \(request.arguments)\n")
    }

    /// Every button id of the file, on all its screens.
    var buttonIDs: Set<String>? {
        file.map { Set($0.screens.flatMap { $0.allButtons.map(\.id) }) }
    }
}
