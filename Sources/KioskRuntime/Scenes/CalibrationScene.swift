import KioskCore
import KioskGestures
import KioskGraphics
import KioskInput
import KioskViews

/// `kiosk calibrate`'s screen: a target near each corner, then one in the centre. Each
/// touch-down on the current target is recorded; after the corners the matrix is solved
/// (`CalibrationSolver`), and the centre touch, mapped through it, shows how far off it
/// lands. Then the result is shown and the scene finishes: with `autoAccept` at once,
/// else when the user touches the screen again to accept it.
public final class CalibrationScene: KioskScene {
    public let size: Size
    public let transform: TouchTransform
    /// The UI points touched, in order: four corners (10% in from each edge), the centre.
    public let targets: [Point]
    public private(set) var solver = CalibrationSolver()
    public private(set) var result: CalibrationMatrix?
    /// Where the centre touch lands through the new matrix, UI pixels from the target.
    public private(set) var verifyError: Double?
    public private(set) var isRunning = true
    /// True once the result was accepted (the confirming touch, or `autoAccept`).
    public private(set) var isAccepted = false
    public var autoAccept: Bool
    /// When a played touch script ends: the scene stops there, accepted or not, since no
    /// touch can follow.
    public var end: Microseconds?
    public var report: (String) -> Void = { _ in }

    private let textEngine: TextEngine
    private var step = 0
    private var dirty = true
    private var fingerDown = false

    /// `transform` is the input's (rotation and the current calibration): touches are
    /// taken back to normalised panel coordinates through it.
    public init(size: Size, transform: TouchTransform, textEngine: TextEngine, autoAccept: Bool) {
        self.size = size
        self.transform = transform
        self.textEngine = textEngine
        self.autoAccept = autoAccept
        let (w, h) = (size.width, size.height)
        targets = [Point(x: w * 0.1, y: h * 0.1), Point(x: w * 0.9, y: h * 0.1), Point(x: w * 0.9, y: h * 0.9),
                   Point(x: w * 0.1, y: h * 0.9), Point(x: w * 0.5, y: h * 0.5)].map { Point(x: $0.x.rounded(), y: $0.y.rounded()) }
    }

    /// A UI point as normalised panel coordinates.
    private func normalized(_ p: Point) -> (x: Double, y: Double) {
        let panel = transform.panelLocation(TouchLocation(x: p.x, y: p.y))
        return (panel.x / transform.panelWidth, panel.y / transform.panelHeight)
    }

    public func handle(_ frame: TouchFrame) {
        for event in frame.events {
            switch event.phase {
            case .down where !fingerDown:
                fingerDown = true
                touched(Point(x: event.location.x, y: event.location.y))
            case .up, .cancel:
                fingerDown = false
            default:
                break
            }
        }
    }

    private func touched(_ point: Point) {
        switch step {
        case 0..<4:
            solver.samples.append(.init(target: normalized(targets[step]), reported: normalized(point)))
            report("calibrate: target \(step + 1) at (\(Int(targets[step].x)), \(Int(targets[step].y))) touched at (\(Int(point.x)), \(Int(point.y)))")
            step += 1
            if step == 4 {
                do {
                    result = try solver.solve(current: transform.calibration)
                } catch {
                    report("calibrate: \(error); starting again")
                    solver.samples = []
                    step = 0
                }
            }
        case 4:
            verify(point)
            step = 5
            if autoAccept { accept() }
        default:
            accept()
        }
        dirty = true
    }

    /// Maps the centre touch through the new matrix (instead of the current one).
    private func verify(_ point: Point) {
        guard let result else { return }
        var raw = normalized(point)
        if let inverse = transform.calibration.inverse { raw = inverse.apply(x: raw.x, y: raw.y) }
        let mapped = result.apply(x: raw.x, y: raw.y)
        var corrected = transform
        corrected.calibration = .identity
        let ui = corrected.uiLocation(panelX: mapped.x * transform.panelWidth, panelY: mapped.y * transform.panelHeight)
        let target = targets[4]
        verifyError = ((ui.x - target.x) * (ui.x - target.x) + (ui.y - target.y) * (ui.y - target.y)).squareRoot()
        report("calibrate: centre lands \(String(cFormat: "%.1f", verifyError!)) px from its target")
    }

    private func accept() {
        isAccepted = true
        isRunning = false
    }

    /// Targets touched so far (the centre one included), out of `targets.count`.
    public var targetsTouched: Int { min(step, targets.count) }

    public func advance(to time: Microseconds) {
        if let end, time >= end { isRunning = false }
    }

    public var nextDeadline: Microseconds? { isRunning ? end : nil }
    public var needsFrame: Bool { dirty }

    public func render(into canvas: Canvas) -> Region {
        dirty = false
        canvas.fill(canvas.bounds, color: PixelColor(red: 0.1, green: 0.1, blue: 0.12))
        if step < 5 {
            let t = targets[step]
            canvas.fill(.circle, in: Rect(x: t.x - 20, y: t.y - 20, width: 40, height: 40), color: .white)
            canvas.fill(.circle, in: Rect(x: t.x - 16, y: t.y - 16, width: 32, height: 32), color: .systemRed)
            canvas.fill(PixelRect(x: Int(t.x) - 30, y: Int(t.y) - 1, width: 60, height: 2), color: .white)
            canvas.fill(PixelRect(x: Int(t.x) - 1, y: Int(t.y) - 30, width: 2, height: 60), color: .white)
        }
        let message: String
        switch step {
        case 0..<4: message = "Touch the centre of the target (\(step + 1) of 4)"
        case 4: message = "Touch the centre target to check"
        default:
            let error = verifyError.map { String(cFormat: "%.1f px", $0) } ?? "?"
            message = "Matrix \(result?.text ?? "?") — centre off by \(error). Touch anywhere to accept."
        }
        let text = StyledText(runs: [.init(string: message, font: Font(size: 22), color: .white)])
        let measured = textEngine.measure(text, maxWidth: size.width - 40)
        let rect = Rect(x: ((size.width - measured.width) / 2).rounded(), y: (size.height * 0.3).rounded(),
                        width: measured.width, height: measured.height)
        textEngine.draw(text, in: rect, on: canvas)
        return Region(canvas.bounds)
    }
}
