import ArgumentParser
import KioskRuntime
import KioskScreenFiles
import KioskViews

/// The operations flags of `kiosk run` and a `KioskApp`: the control socket, the frame
/// grab, button actions' timeout.
public struct OperationsOptions: ParsableArguments {
    public init() {}

    @Option(help: "The control socket (JSON lines; `kiosk ctl` speaks it); default \(KioskOperations.Settings.defaultControlPath). Given, a headless run without a touch script keeps running for it.")
    public var control: String?

    @Option(help: "The only directory the control socket's snapshot writes into (a relative name is put there); default the control socket's directory.")
    public var snapshotDir: String?

    @Flag(help: "Open no control socket.")
    public var noControl = false

    @Option(help: "Where SIGUSR1 writes the current frame as PNG.")
    public var frameGrab = "/tmp/kiosk-frame.png"

    @Option(help: "Seconds a button's exec program may run before it is terminated.")
    public var actionTimeout = 30.0

    @Option(help: "Blank the panel after this many seconds without a touch (overrides the screen file's idle_seconds).")
    public var idleSeconds: Int?

    @Option(help: "Dark every day from-until, e.g. 22:00-06:00 (overrides the screen file's blank_schedule).")
    public var blankSchedule: String?

    @Option(help: "A /sys/class/backlight/NAME directory to switch off while blank.")
    public var backlight: String?

    @Option(help: "Speak what the screen reader says (explore by touch, keys, an element activated with `kiosk ctl activate`) with eSpeak NG: `alsa` (the default device), `alsa:DEVICE` (e.g. alsa:plughw:0), or a WAV file.")
    public var speechOut: String?

    @Option(help: "How touches reach the UI: standard, or explore (the screen reader: a touch announces, a double tap activates, a flick moves the focus).")
    public var accessibility: AccessibilityMode?

    /// The operations these flags ask for. `--speech-out` `alsa` and `alsa:DEVICE` are ALSA
    /// devices, anything else a WAV file.
    public var settings: KioskOperations.Settings {
        let speech: KioskOperations.Settings.SpeechTarget? = speechOut.map { target in
            if target == "alsa" { return .alsa(device: "default") }
            if target.hasPrefix("alsa:") { return .alsa(device: String(target.dropFirst(5))) }
            return .file(target)
        }
        return KioskOperations.Settings(control: control, noControl: noControl, snapshotDirectoryPath: snapshotDir,
                                        frameGrab: frameGrab, actionTimeout: Microseconds(actionTimeout * 1_000_000),
                                        speech: speech, accessibility: accessibility)
    }

    public func validate() throws {
        guard actionTimeout > 0, actionTimeout <= 86_400 else {
            throw ValidationError("--action-timeout must be in 0...86400 seconds, got \(actionTimeout)")
        }
        if let idleSeconds, idleSeconds < 1 { throw ValidationError("--idle-seconds must be at least 1, got \(idleSeconds)") }
        if speechOut == "alsa:" { throw ValidationError("--speech-out alsa:DEVICE needs a device name, e.g. alsa:plughw:0") }
        if let blankSchedule {
            do { _ = try BlankSchedule(parsing: blankSchedule) } catch { throw ValidationError("--blank-schedule: \(error)") }
        }
    }
}

extension AccessibilityMode: ExpressibleByArgument {}
