import KioskControl
import KioskGraphics
import KioskInput
import KioskScreenFiles
import KioskViews

/// Carries out the control socket's requests on a running kiosk: button changes through
/// the screen file's `ButtonOverrides`, screen switches through the scene, snapshots of
/// the display's canvas (brought up to date first) into the snapshot directory, and the
/// run loop's stats. A snapshot's PNG is encoded and written off the loop (`SnapshotEncoder`),
/// so its reply comes in a later turn.
public final class KioskController {
    /// The display's canvas, up to date, and its generation: the same generation is the
    /// same picture.
    public struct Frame {
        public var canvas: Canvas
        public var generation: Int

        public init(canvas: Canvas, generation: Int) {
            self.canvas = canvas
            self.generation = generation
        }
    }

    public let scene: HostScene
    /// The screen file's buttons, across all screens (nil: a Swift kiosk, whose views the
    /// socket cannot change); a reloaded screen file brings its own.
    public var buttons: Set<String>?
    public let overrides: ButtonOverrides
    /// The screen file's controls' values (empty for a Swift kiosk).
    public let values: ControlValues
    public let snapshots: SnapshotDirectory
    public let encoder: SnapshotEncoder
    /// Draws what is pending into the canvas and returns it (the run loop's `renderPending`).
    private let currentFrame: () -> Frame
    private let stats: () -> KioskStats
    /// The run loop's clock: what a request does happens at its now.
    private let clock: any Clock

    public init(scene: HostScene, buttons: Set<String>?, overrides: ButtonOverrides, values: ControlValues = ControlValues(),
                snapshots: SnapshotDirectory, encoder: SnapshotEncoder, currentFrame: @escaping () -> Frame,
                stats: @escaping () -> KioskStats, clock: any Clock = MonotonicClock()) {
        self.scene = scene
        self.buttons = buttons
        self.overrides = overrides
        self.values = values
        self.snapshots = snapshots
        self.encoder = encoder
        self.currentFrame = currentFrame
        self.stats = stats
        self.clock = clock
    }

    private var host: UIHost { scene.host }

    /// Carries out `request` (`subscribe` is the server's own) and calls `reply` with its
    /// reply line: at once, or for a snapshot once the encoder has written it. A snapshot
    /// only when the encoder is not busy.
    public func perform(_ request: ControlRequest, reply: @escaping (String) -> Void) {
        do {
            if let line = try answer(request, later: reply) { reply(line) }
        } catch {
            reply(ControlReply.error(error.message))
        }
    }

    /// The reply line for `request`; nil when `later` gets it.
    private func answer(_ request: ControlRequest, later: @escaping (String) -> Void) throws(ControlError) -> String? {
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
        case let .setValue(control, value):
            let stored = try values.set(control, to: value)
            return ControlReply.ok(["control": .string(control), "value": .json(EventLog.json(stored))])
        case .get(let control):
            return ControlReply.ok(try values.get(control))
        case .screen(let id):
            guard host.screens.contains(where: { $0.id == id }) else {
                throw ControlError("unknown screen \(EventLog.quoted(id)) (screens: \(host.screens.map(\.id).joined(separator: ", ")))")
            }
            scene.show(screen: id, at: clock.now())
            return ControlReply.ok(["screen": .string(id)])
        case .language(let language):
            host.locale = LanguageTag(language)
            return ControlReply.ok(["language": .string(language)])
        case .accessibility(var change):
            // Explore mode's switch is announced: the scene logs what the screen reader says.
            if let mode = change.mode { scene.setAccessibilityMode(mode) }
            change.mode = nil
            change.apply(to: host)
            return ControlReply.ok(["text_size": .string(AccessibilityChange.name(of: host.dynamicTypeSize)),
                                    "contrast": .string(AccessibilityChange.name(of: host.colorSchemeContrast)),
                                    "explore": .bool(host.accessibilityMode == .explore)])
        case .snapshot(let path):
            let file = try snapshots.resolve(path)
            let frame = currentFrame()
            let ok = ControlReply.ok(["path": .string(file), "width": .int(frame.canvas.width), "height": .int(frame.canvas.height)])
            encoder.write(frame, to: file, in: snapshots) { error in later(error.map { ControlReply.error($0.message) } ?? ok) }
            return nil
        case .stats:
            return ControlReply.ok([("screen", .string(host.currentScreen))] + stats().fields)
        case .tree:
            let elements = host.accessibilityElements.map(\.json).joined(separator: ",")
            return ControlReply.ok(["screen": .string(host.currentScreen), "elements": .json("[" + elements + "]")])
        case .activate(let target):
            let element = try element(target)
            do {
                try scene.activate(element.id, at: clock.now())
            } catch {
                throw ControlError(error.description)
            }
            // With speech, the element is announced as a screen reader would: "Delete, button".
            if scene.speak != nil { scene.announce(element.description, at: clock.now()) }
            return ControlReply.ok(["id": .string(element.id)])
        case .subscribe:
            throw ControlError("subscribe is handled by the server")
        }
    }

    /// The element `target` names: a label must name exactly one.
    private func element(_ target: ControlRequest.AccessibilityTarget) throws(ControlError) -> AccessibilityElement {
        let elements = host.accessibilityElements
        switch target {
        case .id(let id):
            guard let element = elements.first(where: { $0.id == id }) else {
                throw ControlError(AccessibilityError.noElement(id).description)
            }
            return element
        case .label(let label):
            let matching = elements.filter { $0.label == label }
            guard matching.count == 1 else {
                if matching.isEmpty {
                    let labels = elements.map(\.label).filter { !$0.isEmpty }.map(EventLog.quoted).joined(separator: ", ")
                    throw ControlError("no element labelled \(EventLog.quoted(label)) (labels: \(labels))")
                }
                throw ControlError("\(matching.count) elements labelled \(EventLog.quoted(label)) (ids: "
                                   + matching.map(\.id).joined(separator: ", ") + "): use \"id\"")
            }
            return matching[0]
        }
    }
}
