import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskSpeech
import KioskUI

/// The operations side of a running kiosk, attached to its run loop: button actions, the
/// control socket (its requests carried out by a `KioskController`, the event log streamed
/// to its subscribers) and the frame grab on SIGUSR1.
public final class KioskOperations {
    public let options: OperationsOptions
    public let actions: ActionRunner
    public let overrides = ButtonOverrides()
    public private(set) var server: ControlServer?
    private let report: (String) -> Void
    private let output: (String) -> Void

    /// `output` writes event-log lines (stdout); `report` writes messages (stderr).
    public init(options: OperationsOptions, report: @escaping (String) -> Void, output: @escaping (String) -> Void) {
        self.options = options
        self.report = report
        self.output = output
        actions = ActionRunner(timeout: Int64(options.actionTimeout * 1_000_000), report: report)
    }

    /// Runs a button's program (the screen file's `run`).
    public func run(_ request: ExecRequest) { actions.start(request) }

    /// One event-log line: to the output and to every subscriber.
    public func log(_ line: String) {
        output(line)
        server?.publish(line)
    }

    /// Wraps `scene` in idle blanking when the flags or the screen file's `display` ask for
    /// it; `invalidate` redraws the whole UI after a wake.
    public func blanking(_ scene: KioskScene, display: any Display, file: ScreenFile.Display?, now: Microseconds,
                         invalidate: @escaping () -> Void) throws -> KioskScene {
        let idle = options.idleSeconds ?? file?.idleSeconds
        let schedule = try options.blankSchedule.map { text throws(ControlError) in try IdleBlanker.Schedule(parsing: text) }
            ?? file?.blankSchedule
        guard idle != nil || schedule != nil else { return scene }
        let blanker = IdleBlanker(idleTimeout: idle.map { Microseconds($0) * 1_000_000 }, schedule: schedule, now: now,
                                  secondsOfDay: IdleBlanker.localSecondsOfDay(clockNow: now))
        return BlankingScene(inner: scene, blanker: blanker, display: display, backlight: options.backlight ?? file?.backlight,
                             invalidate: invalidate, report: report)
    }

    /// Adds the actions and the control socket to `loop` and handles SIGUSR1. The socket
    /// needs a host scene; at the default path a socket that cannot be created is reported
    /// and the kiosk runs without one, at a path given explicitly it is an error.
    public func attach(to loop: KioskRunLoop, scene: HostScene?, buttons: Set<String>?) throws {
        loop.sources.append(actions)
        loop.onUserSignal = { [unowned loop, options, report] in
            loop.renderPending()
            do {
                try loop.display.canvas.writePNG(to: options.frameGrab)
                report("frame grab: wrote \(options.frameGrab)")
            } catch {
                report("frame grab: cannot write \(options.frameGrab): \(error)")
            }
        }
        if let scene, let mode = options.accessibility { scene.setAccessibilityMode(mode) }
        guard let scene, !options.noControl else { return }
        guard let server = try openServer() else { return }
        let controller = KioskController(scene: scene, buttons: buttons, overrides: overrides, snapshots: options.snapshotDirectory,
                                         currentFrame: { [unowned loop] in
                                             loop.renderPending()
                                             return KioskController.Frame(canvas: loop.display.canvas, generation: loop.canvasGeneration)
                                         }, stats: { [unowned loop] in KioskStats(loop: loop) })
        controller.speak = makeSpeech().map { speech in { speech.speak($0, locale: $1) } }
        server.perform = controller.perform
        loop.sources.append(server)
        self.server = server
        report("control: listening on \(options.controlPath) (snapshots into \(options.snapshotDirectory.path))")
    }

    /// The synthesizer writing `--speech-out`; nil without it, or (reported) when the file
    /// cannot be written: the kiosk runs on without speech.
    private func makeSpeech() -> SpeechSynthesizer? {
        guard let path = options.speechOut else { return nil }
        do {
            let writer = try WAVFileWriter(path: path)
            report("speech: writing \(path)")
            return SpeechSynthesizer(output: writer.append, report: report)
        } catch {
            report("\(error.description); running without speech")
            return nil
        }
    }

    /// The socket at `--control`; nil (reported) when the default path cannot be used.
    private func openServer() throws -> ControlServer? {
        do {
            return try ControlServer(path: options.controlPath, report: report)
        } catch {
            guard options.control == nil else { throw error }
            report("control: \(error); running without a control socket")
            return nil
        }
    }
}
