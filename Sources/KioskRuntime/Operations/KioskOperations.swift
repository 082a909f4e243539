import KioskDisplay
import KioskGestures
import KioskGraphics
import KioskInput
import KioskScreenFiles
import KioskSpeech
import KioskViews

/// The operations side of a running kiosk, attached to its run loop: button actions, the
/// control socket (its requests carried out by a `KioskController`, the event log streamed
/// to its subscribers), the screen reader's speech and the frame grab on SIGUSR1.
public final class KioskOperations {
    public let settings: Settings
    public let actions: ActionRunner
    public let overrides = ButtonOverrides()
    public let values = ControlValues()
    public private(set) var server: ControlServer?
    /// What carries out the socket's requests (nil without a socket).
    public private(set) var controller: KioskController?
    private let report: (String) -> Void
    private let output: (String) -> Void

    /// `output` writes event-log lines (stdout); `report` writes messages (stderr).
    public init(settings: Settings, report: @escaping (String) -> Void, output: @escaping (String) -> Void) {
        self.settings = settings
        self.report = report
        self.output = output
        actions = ActionRunner(timeout: settings.actionTimeout, report: report)
    }

    /// Runs a button's program (the screen file's `run`).
    public func run(_ request: ExecRequest) { actions.start(request) }

    /// One event-log line: to the output and to every subscriber.
    public func log(_ line: String) {
        output(line)
        server?.publish(line)
    }

    /// Wraps `scene` in idle blanking when the settings ask for it; `invalidate` redraws the
    /// whole UI after a wake.
    public func blanking(_ scene: KioskScene, display: any Display, settings: KioskSettings, now: Microseconds,
                         invalidate: @escaping () -> Void) -> KioskScene {
        let idle = settings.idleSeconds, schedule = settings.blankSchedule
        guard idle != nil || schedule != nil else { return scene }
        let blanker = IdleBlanker(idleTimeout: idle.map { Microseconds($0) * 1_000_000 }, schedule: schedule, now: now,
                                  secondsOfDay: IdleBlanker.localSecondsOfDay(clockNow: now))
        return BlankingScene(inner: scene, blanker: blanker, display: display, backlight: settings.backlight,
                             invalidate: invalidate, report: report)
    }

    /// Adds the actions and the control socket to `loop` and handles SIGUSR1. The socket
    /// needs a host scene; at the default path a socket that cannot be created is reported
    /// and the kiosk runs without one, at a path given explicitly it is an error.
    public func attach(to loop: RunLoopScheduler, scene: HostScene?, buttons: Set<String>?) throws {
        loop.sources.append(actions)
        loop.onUserSignal = { [unowned loop, settings, report] in
            loop.renderPending()
            do {
                try loop.display.canvas.writePNG(to: settings.frameGrab)
                report("frame grab: wrote \(settings.frameGrab)")
            } catch {
                report("frame grab: cannot write \(settings.frameGrab): \(error)")
            }
        }
        if let scene, let speech = makeSpeech() {
            scene.speak = { speech.speak($0, language: $1.identifier) }
        }
        if let scene, let mode = settings.accessibility { scene.setAccessibilityMode(mode) }
        if let scene, loop.input?.devices != nil { attachHeadphoneJacks(to: loop, scene: scene) }
        guard let scene, !settings.noControl else { return }
        guard let server = try openServer(clock: loop.clock) else { return }
        let encoder = try SnapshotEncoder()
        let controller = KioskController(scene: scene, buttons: buttons, overrides: overrides, values: values, snapshots: settings.snapshotDirectory,
                                         encoder: encoder, currentFrame: { [unowned loop] in
                                             loop.renderPending()
                                             return KioskController.Frame(canvas: loop.display.canvas, generation: loop.canvasGeneration)
                                         }, stats: { [unowned loop, unowned server, unowned scene, unowned encoder] in
                                             var stats = KioskStats(loop: loop, caches: scene.host.cacheUsage)
                                             stats.control = server.takeLoad()
                                             stats.snapshots = encoder.takeLoad()
                                             return stats
                                         }, clock: loop.clock)
        server.perform = controller.perform
        self.controller = controller
        loop.sources += [server, encoder]
        self.server = server
        report("control: listening on \(settings.controlPath) (snapshots into \(settings.snapshotDirectory.path))")
    }

    /// Headphones in a jack turn the screen reader on, as on a self-service terminal; the
    /// jacks are those present at start (a USB headset's jack comes with its sound card).
    private func attachHeadphoneJacks(to loop: RunLoopScheduler, scene: HostScene) {
        let jacks = HeadphoneJacks()
        guard !jacks.nodes.isEmpty else { return }
        report("headphones: watching \(jacks.nodes.joined(separator: ", "))\(jacks.isPluggedIn ? " (plugged in)" : "")")
        if jacks.isPluggedIn { scene.headphones(pluggedIn: true, at: loop.clock.now()) }
        loop.sources.append(HeadphoneJackSource(jacks, clock: loop.clock) { [unowned scene] pluggedIn, time in
            scene.headphones(pluggedIn: pluggedIn, at: time)
        })
    }

    /// The synthesizer speaking into `--speech-out` (an ALSA device or a WAV file); nil
    /// without it, or (reported) when that cannot be opened: the kiosk runs on without speech.
    private func makeSpeech() -> SpeechSynthesizer? {
        guard let target = settings.speech else { return nil }
        do throws(SpeechError) {
            let output: SpeechOutput
            switch target {
            case .alsa(let device):
                output = try ALSAOutput(device: device, sampleRate: SpeechSynthesizer.sampleRate())
                report("speech: playing on ALSA device \(device)")
            case .file(let path):
                output = try WAVFileWriter(path: path)
                report("speech: writing \(path)")
            }
            return SpeechSynthesizer(output: output, report: report)
        } catch {
            report("speech: \(error.description); running without speech")
            return nil
        }
    }

    /// The socket at `--control` on the loop's `clock`; nil (reported) when the default path cannot be used.
    private func openServer(clock: any Clock) throws -> ControlServer? {
        do {
            return try ControlServer(path: settings.controlPath, clock: clock, report: report)
        } catch {
            guard settings.control == nil else { throw error }
            report("control: \(error); running without a control socket")
            return nil
        }
    }
}
