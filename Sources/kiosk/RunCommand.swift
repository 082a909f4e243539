import ArgumentParser
import Foundation
import KioskRuntime
import KioskUI

/// `kiosk run`: shows a screen file, or the built-in demo when none is given. Without a
/// display it renders each screen headless and writes PNGs, printing where.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run a screen file or the built-in demo.")

    @Argument(help: "The screen file (*.toml); none shows the built-in demo.")
    var screenFile: String?

    @Option(help: "Where headless runs write their PNGs.")
    var out = "out/demo"

    @Option(help: "The UI size, WxH (default: the file's [display] size, else 1280x800).")
    var size: PanelSize?

    func run() throws {
        try reportingFailures {
            let source = try ScreenSource(path: screenFile)
            let host = try source.makeHost(size: size, screen: nil)
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let canvas = try Canvas(width: Int(host.size.width), height: Int(host.size.height))
            print("no display: rendering \(screenFile ?? "the built-in demo") headless")
            for screen in host.screens.map(\.id) {
                host.show(screen: screen)
                host.render(into: canvas)
                let path = "\(out)/\(screen).png"
                try canvas.writePNG(to: path)
                print("wrote \(path)")
            }
        }
    }
}
