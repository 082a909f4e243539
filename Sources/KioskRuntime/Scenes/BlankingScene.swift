import FoundationEssentials
import Glibc
import KioskDisplay
import KioskGestures
import KioskGraphics

/// A scene with idle blanking around it: the `IdleBlanker` decides, this carries it out.
/// Blanking turns the display's output off (DPMS) when it can, else shows one black frame,
/// and writes the sysfs backlight's `bl_power` when one is configured. Waking turns them
/// back on and redraws the whole UI; the waking touch or key never reaches the UI.
public final class BlankingScene: KioskScene {
    public let inner: KioskScene
    public let blanker: IdleBlanker
    private let display: any Display
    /// A /sys/class/backlight/NAME directory, or nil.
    private let backlight: String?
    /// Redraws everything on the next frame (the UI host's `invalidate`).
    private let invalidate: () -> Void
    private let report: (String) -> Void
    private var usesPowerSaving = false
    private var needsBlackFrame = false
    public private(set) var blankings = 0

    public init(inner: KioskScene, blanker: IdleBlanker, display: any Display, backlight: String? = nil,
                invalidate: @escaping () -> Void, report: @escaping (String) -> Void = { _ in }) {
        self.inner = inner
        self.blanker = blanker
        self.display = display
        self.backlight = backlight
        self.invalidate = invalidate
        self.report = report
    }

    public var isBlanked: Bool { blanker.isBlanked }

    public func handle(_ frame: TouchFrame) {
        let (passed, change) = blanker.filter(frame)
        if let change { apply(change, by: "a touch") }
        if let passed { inner.handle(passed) }
    }

    public func handle(_ key: KeyEvent) {
        let (passed, change) = blanker.filter(key)
        if let change { apply(change, by: "a key") }
        if let passed { inner.handle(passed) }
    }

    public func advance(to time: Microseconds) {
        if let due = inner.nextDeadline, due <= time { inner.advance(to: time) }
        if let change = blanker.advance(to: time) { apply(change, by: "the clock") }
    }

    public var nextDeadline: Microseconds? {
        [inner.nextDeadline, blanker.nextDeadline].compactMap { $0 }.min()
    }

    /// While dark only the black frame (when there is no DPMS) is drawn.
    public var needsFrame: Bool { blanker.isBlanked ? needsBlackFrame : inner.needsFrame }
    public var isRunning: Bool { inner.isRunning }

    public func render(into canvas: Canvas) -> Region {
        guard blanker.isBlanked else { return inner.render(into: canvas) }
        needsBlackFrame = false
        canvas.fill(canvas.bounds, color: .black)
        return Region(canvas.bounds)
    }

    /// `cause` says what woke the panel.
    private func apply(_ change: IdleBlanker.Change, by cause: String) {
        let off = change == .blank
        if off { blankings += 1 }
        writeBacklight(off: off)
        if off {
            usesPowerSaving = display.setPowerSaving(true)
            needsBlackFrame = !usesPowerSaving
            report("idle: panel blanked (\(usesPowerSaving ? "DPMS off" : "black frame"))")
        } else {
            if usesPowerSaving { _ = display.setPowerSaving(false) }
            needsBlackFrame = false
            invalidate()
            report("idle: panel woken by \(cause)")
        }
    }

    private func writeBacklight(off: Bool) {
        guard let backlight else { return }
        let path = backlight + "/bl_power"
        do {
            try (off ? "4" : "0").write(toFile: path, atomically: false, encoding: .utf8)
        } catch {
            report("idle: cannot write \(path): \(error.fileErrorReason)")
        }
    }
}
