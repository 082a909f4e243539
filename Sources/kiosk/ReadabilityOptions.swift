import ArgumentParser
import KioskRuntime
import KioskScreenFiles

/// `--text-size` and `--contrast` of `run`, `snapshot` and `simulate`: the text size and
/// contrast the screens start with, over a screen file's `[display]` and a board profile's
/// `[accessibility]`.
struct ReadabilityOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The text size: \(AccessibilityChange.textSizeNames.joined(separator: ", ")) (default: the screen file's, else the board profile's, else large).",
                               valueName: "size"))
    var textSize: String?

    @Option(help: ArgumentHelp("The contrast: standard or increased (darker system colours, bordered buttons outlined).",
                               valueName: "contrast"))
    var contrast: String?

    func validate() throws { _ = try parsed() }

    /// What the flags set; nil where they set nothing.
    var change: AccessibilityChange { (try? parsed()) ?? AccessibilityChange() }

    private func parsed() throws -> AccessibilityChange {
        var change = AccessibilityChange()
        do {
            change.textSize = try textSize.map { name throws(AccessibilityChange.NameError) in try AccessibilityChange.textSize(named: name) }
        } catch {
            throw ValidationError("--text-size: \(error.message)")
        }
        do {
            change.contrast = try contrast.map { name throws(AccessibilityChange.NameError) in try AccessibilityChange.contrast(named: name) }
        } catch {
            throw ValidationError("--contrast: \(error.message)")
        }
        return change
    }
}
