import ArgumentParser
import KioskCore

/// A `WxH` size in pixels given on the command line (`--size 1280x800`).
public struct PanelSize: ExpressibleByArgument, CustomStringConvertible, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WxH` within `PixelLimits`.
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              PixelLimits.problem(width: width, height: height) == nil
        else { return nil }
        self.init(width: width, height: height)
    }

    public var description: String { "\(width)x\(height)" }

    /// In UI points, as a host takes it.
    public var size: Size { Size(width: Double(width), height: Double(height)) }
}
