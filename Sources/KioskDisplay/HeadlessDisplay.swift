import KioskGraphics

/// A display whose output is memory: `present` copies the damage from the shadow canvas
/// into `frame`, just as the DRM display copies into a dumb buffer, so tests exercise the
/// same damage path. Frames are counted, and the current one can be written as PNG.
public final class HeadlessDisplay: Display {
    public let canvas: Canvas
    /// The presented picture, in the output format.
    public let frame: Canvas
    public private(set) var presentedFrames = 0
    /// The damage of the last `present`, clipped to the screen.
    public private(set) var lastDamage = Region()

    public init(width: Int, height: Int, format: PixelFormat = .xrgb8888) throws(CanvasError) {
        canvas = try Canvas(width: width, height: height, format: .xrgb8888)
        frame = try Canvas(width: width, height: height, format: format)
    }

    public var size: Size { canvas.size }
    /// Memory never has a flip pending.
    public var isReadyForFrame: Bool { true }

    public func present(damage: Region) {
        let clipped = damage.intersection(frame.bounds)
        frame.copy(from: canvas, region: clipped)
        lastDamage = clipped
        presentedFrames += 1
    }

    /// Writes the presented frame (not the shadow canvas) as PNG.
    public func writePNG(to path: String) throws {
        try frame.writePNG(to: path)
    }
}
