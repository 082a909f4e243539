import KioskCore

/// What every error the kiosk prints about a file must be: it starts with the file's name
/// and, where `needsLine`, `:LINE:`; it holds no character a terminal would act on
/// (`ErrorText`) and is no longer than the bounds on echoed text allow. A fuzz target
/// traps on anything else, so libFuzzer keeps the input.
public func checkErrorLine(_ description: String, file: String, needsLine: Bool = true) {
    guard description.hasPrefix(file + ":") else { fatalError("error without its file: \(description.debugDescription)") }
    let rest = description.dropFirst(file.count + 1)
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    if needsLine || !digits.isEmpty {
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") else {
            fatalError("error without file:line: \(description.debugDescription)")
        }
    }
    if let scalar = description.unicodeScalars.first(where: ErrorText.isControl) {
        fatalError("raw control character U+\(String(scalar.value, radix: 16)) in error: \(description.debugDescription)")
    }
    guard description.count <= file.count + 3 * ErrorText.maximumMessageLength else {
        fatalError("error of \(description.count) characters")
    }
}
