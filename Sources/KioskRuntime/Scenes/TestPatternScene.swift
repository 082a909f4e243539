import KioskGestures
import KioskGraphics

/// `kiosk run --test-pattern`: what an integrator checks a panel with. Colour bars along
/// the UI's top edge and a corner mark at its top-left show the rotation; a dot follows
/// every finger, so calibration and rotation of touch are seen at a glance.
public final class TestPatternScene: KioskScene {
    static let background = PixelColor(red: 0.2, green: 0.2, blue: 0.22)
    static let bars: [PixelColor] = [.white, PixelColor(red: 1, green: 0, blue: 0), PixelColor(red: 0, green: 1, blue: 0),
                                PixelColor(red: 0, green: 0, blue: 1)]
    static let dot = PixelColor(red: 1, green: 0.8, blue: 0)
    static let dotRadius = 24

    private let size: Size
    private var touches: [Int: TouchLocation] = [:]
    private var damage: Region
    private var drawn: [Int: PixelRect] = [:]

    public init(size: Size) {
        self.size = size
        damage = Region(PixelRect(x: 0, y: 0, width: Int(size.width), height: Int(size.height)))
    }

    public func handle(_ frame: TouchFrame) {
        for event in frame.events {
            switch event.phase {
            case .down, .move: touches[event.slot] = event.location
            case .up, .cancel: touches[event.slot] = nil
            }
        }
        for (slot, rect) in drawn where touches[slot] == nil || dotRect(touches[slot]!) != rect {
            damage.formUnion(rect)
        }
        for (_, location) in touches { damage.formUnion(dotRect(location)) }
    }

    public func advance(to time: Microseconds) {}
    public var nextDeadline: Microseconds? { nil }
    public var needsFrame: Bool { !damage.isEmpty }
    public var isRunning: Bool { true }

    public func render(into canvas: Canvas) -> Region {
        let w = Int(size.width), barHeight = Int(size.height) / 8
        for r in damage.rects {
            canvas.withClip(r) {
                canvas.fill(r, color: Self.background)
                for (i, color) in Self.bars.enumerated() {
                    canvas.fill(PixelRect(x: i * w / Self.bars.count, y: 0, width: w / Self.bars.count + 1, height: barHeight),
                                color: color)
                }
                canvas.fill(PixelRect(x: 0, y: barHeight, width: 96, height: 16), color: .white)
                canvas.fill(PixelRect(x: 0, y: barHeight, width: 16, height: 96), color: .white)
                for (_, location) in touches {
                    let d = dotRect(location)
                    canvas.fill(.circle, in: Rect(x: Double(d.x), y: Double(d.y), width: Double(d.width),
                                                  height: Double(d.height)), color: Self.dot)
                }
            }
        }
        drawn = touches.mapValues(dotRect)
        defer { damage = Region() }
        return damage
    }

    private func dotRect(_ location: TouchLocation) -> PixelRect {
        PixelRect(x: Int(location.x) - Self.dotRadius, y: Int(location.y) - Self.dotRadius,
                  width: 2 * Self.dotRadius, height: 2 * Self.dotRadius)
    }
}
