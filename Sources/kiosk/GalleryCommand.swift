import ArgumentParser
import KioskDemo
import KioskRuntime
import KioskViews

/// `kiosk gallery`: one PNG with every button style × role × control size × shape, idle
/// and pressed.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gallery", abstract: "Render every button style, role, size and shape.")

    @Option(help: "The PNG to write.")
    var out: String

    func run() throws {
        let host = UIHost(size: ButtonGallery.size, textEngine: try KioskTextEngine()) { ButtonGallery() }
        let canvas = try Canvas(width: Int(ButtonGallery.size.width), height: Int(ButtonGallery.size.height))
        host.render(into: canvas)
        try canvas.writePNG(to: out)
        print("wrote \(out)")
    }
}
