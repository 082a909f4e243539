import Glibc
import KioskGraphics

/// iOS's activity indicator: eight spokes round a centre, the brightest one stepping on a
/// spoke at a time, once round a second, the others fading behind it. It is drawn from the
/// frame clock, so it moves on a virtual clock too, and asks for frames only while shown.
struct Spinner: View, PrimitiveView {
    var color: Color
    var diameter: Double

    var body: Never { fatalError("Spinner is primitive") }

    func makeNode(_ context: ResolveContext) -> Node {
        SpinnerNode(color: color.resolved(in: context.environment), diameter: diameter, path: context.path)
    }
}

final class SpinnerNode: Node {
    static let spokes = 8
    /// One turn, in microseconds.
    static let period = 1_000_000.0

    let color: PixelColor
    let diameter: Double

    init(color: PixelColor, diameter: Double, path: String) {
        self.color = color
        self.diameter = diameter.isFinite ? max(diameter, 0) : 0
        super.init(path: path)
    }

    override var animatesContinuously: Bool { true }

    override func measure(_ proposal: ProposedSize) -> Size { Size(width: diameter, height: diameter) }

    /// The spoke drawn brightest at `time`.
    static func leadingSpoke(at time: Int64) -> Int {
        let step = period / Double(spokes)
        return Int((Double(time) / step).rounded(.down)) % spokes
    }

    override func emitOperations(_ emitter: Emitter) {
        let lead = Self.leadingSpoke(at: emitter.time)
        let center = Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
        let radius = min(frame.width, frame.height) / 2
        let length = radius * 0.5, width = max(radius * 0.22, 1)
        for i in 0..<Self.spokes {
            // Behind the leading spoke the others fade from full to a quarter.
            let age = (lead - i + Self.spokes) % Self.spokes
            let alpha = 1 - 0.75 * Double(age) / Double(Self.spokes - 1)
            let angle = Double(i) * 2 * Double.pi / Double(Self.spokes) - Double.pi / 2
            let mid = radius - length / 2
            let spoke = Rect(x: center.x + mid * cos(angle) - length / 2, y: center.y + mid * sin(angle) - width / 2,
                             width: length, height: width)
            let turned = DrawOp.fill(.capsule, spoke, .color(color.opacity(color.alpha * alpha)), opacity: 1, shadow: nil)
            var effect = LayerEffect()
            effect.transform = LayerTransform(scaleX: 1, y: 1, rotation: angle, about: Point(x: spoke.minX + length / 2, y: spoke.minY + width / 2))
            emitter.add(.layer(effect, DrawGroup([turned])), key: path + "#" + String(i))
        }
    }
}
