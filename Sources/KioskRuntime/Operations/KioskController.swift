import KioskGraphics
import KioskInput
import KioskUI

/// Carries out the control socket's requests on a running kiosk: button changes through
/// the screen file's `ButtonOverrides`, screen switches through the scene, snapshots of
/// the display's canvas (brought up to date first) and the run loop's stats.
public final class KioskController {
    public let scene: HostScene
    /// The screen file's buttons, across all screens (nil: a Swift kiosk, whose views the
    /// socket cannot change).
    public let buttons: Set<String>?
    public let overrides: ButtonOverrides
    /// Draws what is pending into `canvas` and returns it (the run loop's `renderPending`).
    private let currentFrame: () -> Canvas
    private let stats: () -> KioskStats

    public init(scene: HostScene, buttons: Set<String>?, overrides: ButtonOverrides, currentFrame: @escaping () -> Canvas,
                stats: @escaping () -> KioskStats) {
        self.scene = scene
        self.buttons = buttons
        self.overrides = overrides
        self.currentFrame = currentFrame
        self.stats = stats
    }

    private var host: UIHost { scene.host }

    /// The reply line for `request` (`subscribe` is the server's own).
    public func perform(_ request: ControlRequest) -> String {
        do {
            return try reply(request)
        } catch {
            return ControlReply.error(error.message)
        }
    }

    private func reply(_ request: ControlRequest) throws(ControlError) -> String {
        switch request {
        case let .set(button, title, disabled, hidden):
            guard let buttons else { throw ControlError("set works on screen-file kiosks only") }
            guard buttons.contains(button) else {
                throw ControlError("unknown button \(EventLog.quoted(button)) (buttons: \(buttons.sorted().joined(separator: ", ")))")
            }
            if let title { overrides.setTitle(title, for: button) }
            if let disabled { overrides.setDisabled(disabled, for: button) }
            if let hidden { overrides.setHidden(hidden, for: button) }
            return ControlReply.ok()
        case .screen(let id):
            guard host.screens.contains(where: { $0.id == id }) else {
                throw ControlError("unknown screen \(EventLog.quoted(id)) (screens: \(host.screens.map(\.id).joined(separator: ", ")))")
            }
            scene.show(screen: id, at: MonotonicClock.now())
            return ControlReply.ok(["screen": .string(id)])
        case .snapshot(let path):
            let canvas = currentFrame()
            do {
                try canvas.writePNG(to: path)
            } catch {
                throw ControlError("cannot write \(path): \(error)")
            }
            return ControlReply.ok(["path": .string(path), "width": .int(canvas.width), "height": .int(canvas.height)])
        case .stats:
            return ControlReply.ok([("screen", .string(host.currentScreen))] + stats().fields)
        case .subscribe:
            throw ControlError("subscribe is handled by the server")
        }
    }
}
