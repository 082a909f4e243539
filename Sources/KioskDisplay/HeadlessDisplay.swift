import KioskGraphics

/// A display whose output is memory: `present` copies the damage from the shadow canvas
/// into `frame`, just as the DRM display copies into a dumb buffer, so tests exercise the
/// same damage path, rotation included. Frames are counted, and the current one can be
/// written as PNG.
public final class HeadlessDisplay: Display {
    public let canvas: Canvas
    /// The presented picture in the panel's orientation and the output format.
    public let frame: Canvas
    /// How the UI is turned on the panel.
    public let rotation: ScreenRotation
    public private(set) var presentedFrames = 0
    /// The damage of the last `present` in UI coordinates, clipped to the screen.
    public private(set) var lastDamage = Region()

    /// A display whose UI is `width` x `height`; the panel behind it is turned by
    /// `rotation` (its axes swapped at a quarter turn either way).
    public init(width: Int, height: Int, format: PixelFormat = .xrgb8888, rotation: ScreenRotation = .none) throws(CanvasError) {
        canvas = try Canvas(width: width, height: height, format: .xrgb8888)
        frame = rotation.swapsAxes
            ? try Canvas(width: height, height: width, format: format)
            : try Canvas(width: width, height: height, format: format)
        self.rotation = rotation
    }

    public var size: Size { canvas.size }
    public var panelSize: (width: Int, height: Int) { (frame.width, frame.height) }
    /// Memory never has a flip pending.
    public var isReadyForFrame: Bool { true }

    public func present(damage: Region) {
        let clipped = damage.intersection(canvas.bounds)
        for r in clipped.rects { frame.copy(from: canvas, rect: r, quarterTurns: rotation.quarterTurns) }
        lastDamage = clipped
        presentedFrames += 1
    }

    /// Writes the presented frame (not the shadow canvas) as PNG.
    public func writePNG(to path: String) throws {
        try frame.writePNG(to: path)
    }
}
