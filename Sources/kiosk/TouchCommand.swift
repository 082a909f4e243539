import ArgumentParser
import KioskCommandLine
import FoundationEssentials
import KioskCore
import KioskGestures
import KioskInput
import KioskRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `kiosk touch`: plays a touch script on a uinput touchscreen (and its `key` lines on a
/// uinput keypad) in real time, so the real evdev → udev → libinput path (a running
/// `kiosk run`, or anything else) sees it. For
/// the virtual board, and to drive a real board without touching it.
///
/// Script coordinates are UI pixels; with `--rotation` they are turned onto the panel the
/// way the display turns the UI. A `cancel` marks the contact as a palm
/// (ABS_MT_TOOL_TYPE = MT_TOOL_PALM), which libinput reports as TOUCH_CANCEL. Killing
/// the command mid-script removes the device with its touches still down.
struct Touch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a touch script on a virtual (uinput) touchscreen and keypad in real time."
    )

    @Argument(help: "The touch script (*.touch).")
    var script: String

    @Option(help: "The panel size the touchscreen covers (WxH); match the display mode.")
    var size = PanelSize(width: 1280, height: 800)

    @Option(help: "The display rotation the script's UI coordinates are turned by (0, 90, 180, 270).")
    var rotation = 0

    @Option(help: "The name the touchscreen shows to udev and libinput.")
    var deviceName = "KioskUI virtual touchscreen"

    @Option(help: "Milliseconds to wait after the device appears, so readers can open it.")
    var delay = 300

    @Option(help: "Play a miscalibrated touchscreen: one that needs this 6-value libinput matrix (\"0 1 0 1 0 0\": swapped axes) to report the script's points.")
    var needsCalibration: String?

    func validate() throws {
        if let needsCalibration {
            guard (try? CalibrationMatrix(parsing: needsCalibration))?.inverse != nil else {
                throw ValidationError("--needs-calibration must be 6 numbers of an invertible matrix, not '\(needsCalibration)'")
            }
        }
        guard ScreenRotation(degrees: rotation) != nil else {
            throw ValidationError("--rotation must be 0, 90, 180 or 270, not \(rotation)")
        }
        guard delay >= 0 else { throw ValidationError("--delay must not be negative") }
    }

    func run() throws {
        let text: String
        do {
            text = try TouchScript.text(of: script)
        } catch {
            throw InputError("touch script \(script)", reason: "cannot read it: \(error.reason)")
        }
        let parsed: TouchScript
        do {
            parsed = try TouchScript(parsing: text)
        } catch {
            throw InputError("touch script \(script)", reason: "\(error)")
        }
        let transform = TouchTransform(panelWidth: Double(size.width), panelHeight: Double(size.height),
                                       rotation: ScreenRotation(degrees: rotation) ?? .none)
        let screen = try parsed.frames.isEmpty ? nil : UInputTouchscreen(name: deviceName, transform: transform)
        let keypad = try parsed.keys.isEmpty ? nil : UInputKeyboard()
        for (path, name) in [(screen?.devicePath, "\"\(deviceName)\" \(size)"), (keypad?.devicePath, "keypad")] {
            if let path { StandardStream.error.write("kiosk touch: \(path) \(name)\n") }
        }
        let start = MonotonicClock.now() + Microseconds(delay) * 1000
        let skew = try needsCalibration.flatMap { try CalibrationMatrix(parsing: $0).inverse }
        for event in parsed.events {
            MonotonicClock.sleep(until: start + event.timestamp)
            switch event {
            case .touch(let frame): try screen?.send(skew.map { miscalibrated(frame, by: $0, transform) } ?? frame)
            case .key(let key): try keypad?.send(key)
            }
        }
        MonotonicClock.sleep(until: start + parsed.endTime)
        try screen?.finish(at: parsed.endTime)
        keypad?.close()
    }

    /// `frame` as a touchscreen reports it whose readings `inverse` distorts (normalised
    /// panel coordinates): the matrix it needs maps them back to the script's points.
    private func miscalibrated(_ frame: TouchFrame, by inverse: CalibrationMatrix, _ transform: TouchTransform) -> TouchFrame {
        TouchFrame(events: frame.events.map { event in
            var moved = event
            let panel = transform.panelLocation(event.location)
            let raw = inverse.apply(x: panel.x / transform.panelWidth, y: panel.y / transform.panelHeight)
            moved.location = transform.uiLocation(panelX: raw.x * transform.panelWidth, panelY: raw.y * transform.panelHeight)
            return moved
        }, timestamp: frame.timestamp)
    }
}
