import ArgumentParser

/// A `WxH` size in pixels given on the command line (`--size 1280x800`).
struct PanelSize: ExpressibleByArgument, CustomStringConvertible {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...65536).contains(width), (1...65536).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var description: String { "\(width)x\(height)" }
}
