import KioskGraphics

/// A display whose output is memory: `present` copies the damage from the shadow canvas
/// into `frame`, just as the DRM display copies into a dumb buffer, so tests exercise the
/// same damage path, rotation included. Frames are counted, and the current one can be
/// written as PNG.
public final class HeadlessDisplay: Display {
    public let canvas: Canvas
    /// The presented picture in the panel's orientation and the output format.
    public let frame: Canvas
    /// Clockwise quarter turns from the UI to the panel (`ScreenRotation.degrees / 90`).
    public let quarterTurns: Int
    public private(set) var presentedFrames = 0
    /// The damage of the last `present` in UI coordinates, clipped to the screen.
    public private(set) var lastDamage = Region()

    /// A display whose UI is `width` x `height`; the panel behind it is turned by
    /// `quarterTurns` (its axes swapped at odd turns).
    public init(width: Int, height: Int, format: PixelFormat = .xrgb8888, quarterTurns: Int = 0) throws(CanvasError) {
        let turns = ((quarterTurns % 4) + 4) % 4
        canvas = try Canvas(width: width, height: height, format: .xrgb8888)
        frame = turns % 2 == 0
            ? try Canvas(width: width, height: height, format: format)
            : try Canvas(width: height, height: width, format: format)
        self.quarterTurns = turns
    }

    public var size: Size { canvas.size }
    /// Memory never has a flip pending.
    public var isReadyForFrame: Bool { true }

    public func present(damage: Region) {
        let clipped = damage.intersection(canvas.bounds)
        for r in clipped.rects { frame.copy(from: canvas, rect: r, quarterTurns: quarterTurns) }
        lastDamage = clipped
        presentedFrames += 1
    }

    /// Writes the presented frame (not the shadow canvas) as PNG.
    public func writePNG(to path: String) throws {
        try frame.writePNG(to: path)
    }
}
