import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCommandLine
import KioskCore
import KioskProductTemplate

/// `kiosk init NAME`: a product's own kiosk package, the template docs/PRODUCT.md walks
/// through, written where there is no KioskUI checkout: an `App` with its screen, a snapshot
/// test with its references, and KioskUI as a versioned dependency. Nothing existing is
/// touched: the folder must not exist yet.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a new kiosk package (an App, a screen, a snapshot test) into the folder NAME."
    )

    @Argument(help: "The package's and its executable's name, a Swift identifier (e.g. JuiceKiosk).")
    var name: String

    @Option(help: "The git URL the package gets KioskUI from (default: a placeholder to edit in Package.swift).")
    var kioskui = ProductTemplate.kioskUIURL

    @Option(help: "The folder to write (default: NAME).")
    var path: String?

    func validate() throws {
        guard Self.isIdentifier(name) else {
            throw ValidationError("\"\(name)\" is not a Swift identifier: letters, digits and _, not starting with a digit")
        }
        guard name != "CoffeeScreens", name != "CoffeeScreensTests" else {
            throw ValidationError("\"\(name)\" is the name of the package's screens target; choose another")
        }
    }

    func run() throws {
        let folder = path ?? name
        var status = stat()
        guard lstat(folder, &status) != 0, errno == ENOENT else {
            throw ValidationFailure("\(folder): already exists; init writes a new folder only")
        }
        do {
            for (file, contents) in ProductTemplate.files {
                let target = folder + "/" + file.replacing(ProductTemplate.name, with: name)
                try makeFolders(of: target)
                try OutputFile.replace(target, with: substituted(contents, in: file))
            }
        } catch {
            throw ValidationFailure("\(error)")
        }
        print("""
            Wrote the package \(name) in \(folder). Next:
              cd \(folder)
              swift build && swift run \(name) --help
              KIOSK_FONTS=$PWD/.build/checkouts/KioskUI/fonts swift test
            docs/PRODUCT.md in KioskUI walks through it.
            """)
    }

    /// The template's name and KioskUI URL replaced in its text files; images go as they are.
    private func substituted(_ contents: [UInt8], in file: String) -> [UInt8] {
        guard file.hasSuffix(".swift") else { return contents }
        let text = String(decoding: contents, as: UTF8.self)
            .replacing(ProductTemplate.kioskUIURL, with: kioskui)
            .replacing(ProductTemplate.name, with: name)
        return Array(text.utf8)
    }

    private func makeFolders(of file: String) throws {
        var folder = file.hasPrefix("/") ? "" : "."
        for part in file.split(separator: "/").dropLast() {
            folder += "/" + part
            guard mkdir(folder, 0o777) == 0 || errno == EEXIST else { throw FileError(path: folder, errno: errno) }
        }
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
